import { expect, type Locator, type Page, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/**
 * Chain verification in Chromium with the "Local test wallet" (no extension): link the wallet by SIWE, verify
 * a task on /blockchain and see it in the history with hash, block and gas; on /nft claim the avatar
 * from custody, mint an edition through a server-signed voucher and delegate it for N days.
 */

/** SPEC §9: a transaction hash shown as its first 8 and last 6 characters. */
const SHORT_TX = /^0x[0-9a-fA-F]{6}\.\.\.[0-9a-fA-F]{6}$/;
const DELEGATE = '0x000000000000000000000000000000000000dEaD';
const DAYS = 3;

/** The value (`dd`) that follows the term `dt` named `term` inside `scope`. */
const termValue = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Opens the Connect Wallet dialog and picks the local test wallet. */
async function connectLocalWallet(page: Page) {
  await page.getByRole('button', { name: 'CONNECT_WALLET' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Local test wallet/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('CONNECTED', { exact: true })).toBeVisible();
}

test.describe('on-chain (local test wallet)', () => {
  test('link wallet, verify a task with history, claim, mint an edition and delegate it', async ({ page }) => {
    test.setTimeout(180_000);
    await devSignIn(page, 'Chain Runner', uniqueEmail('chain'));
    const created = await page.request.post('/api/avatars', { data: { name: 'Ledger Wraith', description: 'e2e' } });
    expect(created.ok()).toBe(true);
    const avatar = (await created.json()) as { id: number; name: string };

    // ── /blockchain: connect, link by SIWE, verify avatar_create ──────────────────────────────
    await page.goto('/blockchain');
    await expect(page.getByRole('heading', { name: /BLOCKCHAIN_VERIFICATION/ })).toBeVisible();
    const network = (await (await page.request.get('/api/blockchain/network')).json()) as {
      name: string;
      contracts: { validationRegistry: string; reputationRegistry: string; avatarNFT: string };
    };
    const networkCard = page.getByRole('complementary', { name: 'Wallet and network' });
    await expect(networkCard.getByText(network.name)).toBeVisible();
    await expect(networkCard.getByText(`${network.contracts.validationRegistry.slice(0, 8)}...`)).toBeVisible();
    await expect(networkCard.getByText(`${network.contracts.reputationRegistry.slice(0, 8)}...`)).toBeVisible();

    await connectLocalWallet(page);
    await page.getByRole('button', { name: 'LINK_WALLET' }).click();
    await expect(page.getByText('LINKED', { exact: true })).toBeVisible();
    const me = (await (await page.request.get('/api/auth/user')).json()) as { walletAddress: string };
    expect(me.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    // The linked wallet prefills the address input.
    await expect(page.getByLabel('WALLET_ADDRESS')).toHaveValue(me.walletAddress);

    await page.getByRole('combobox', { name: 'AVATAR' }).click();
    await page.getByRole('option', { name: new RegExp(avatar.name) }).click();
    // The avatar's finished tasks are listed; picking one fills type and data.
    const finished = page.getByRole('list', { name: 'Finished tasks' });
    await expect(finished.getByText(`${avatar.name} has not joined a team`)).toBeVisible();
    await finished.getByText(`Created avatar ${avatar.name}`, { exact: true }).click();
    await expect(finished.getByRole('radio', { name: new RegExp(`Created avatar ${avatar.name}`) })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'TASK_TYPE' })).toHaveText('Avatar Create');
    await expect(page.getByText('The avatar exists and belongs to you.')).toBeVisible();
    await page.getByRole('button', { name: 'Verify Task' }).click();
    await expect(page.getByText('Task Verified on Blockchain', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Task avatar_create:${avatar.id} verified. Reputation gained: 10`, { exact: true }),
    ).toBeVisible();

    // The picked task now shows as verified in the list.
    await expect(
      finished
        .getByRole('listitem')
        .filter({ hasText: `Created avatar ${avatar.name}` })
        .getByText('VERIFIED'),
    ).toBeVisible();

    const item = page.getByRole('listitem', { name: 'Avatar Create' });
    await expect(item.getByText('verified', { exact: true })).toBeVisible();
    await expect(termValue(item, 'TASK_ID')).toHaveText(`avatar_create:${avatar.id}`);
    await expect(termValue(item, 'TX_HASH').locator('code')).toHaveText(SHORT_TX);
    await expect(termValue(item, 'BLOCK')).toHaveText(/^\d+$/);
    await expect(termValue(item, 'GAS_USED')).toHaveText(/^[\d,]+$/);
    await expect(item.getByText('+10 identity')).toBeVisible();
    // What the page shows is what the chain recorded.
    const history = (await (
      await page.request.get(`/api/blockchain/user-history?walletAddress=${me.walletAddress}`)
    ).json()) as { transactionHash: string; blockNumber: number }[];
    expect(history).toHaveLength(1);
    await expect(termValue(item, 'BLOCK')).toHaveText(String(history[0]!.blockNumber));
    await expect(termValue(item, 'TX_HASH').locator('code')).toHaveAttribute('title', history[0]!.transactionHash);
    // No explorer on anvil: the button says so instead of opening a dead link.
    await expect(item.getByRole('button', { name: 'View transaction in block explorer' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // ── /nft: claim from custody, mint an edition by voucher, delegate for N days ──────────────
    await page.goto('/nft');
    await expect(page.getByText('ERC-721')).toBeVisible();
    await expect(page.getByText('CONNECTED', { exact: true })).toBeVisible(); // the wallet reconnects
    await page.getByRole('tab', { name: 'DELEGATE' }).click();
    const tokens = page.getByRole('list', { name: 'Avatar tokens' });
    const original = tokens.getByRole('listitem').filter({ hasText: avatar.name }).first();
    await expect(original.getByText('IN_CUSTODY')).toBeVisible();
    await original.getByRole('button', { name: 'CLAIM' }).click();
    await expect(page.getByText('Avatar Claimed', { exact: true })).toBeVisible();
    await expect(original.getByText('(you)')).toBeVisible();
    const claimed = page.getByRole('region', { name: 'AVATAR_CLAIMED' });
    await expect(claimed.getByText('CONFIRMED')).toBeVisible();
    await expect(termValue(claimed, 'TX_HASH').locator('code')).toHaveText(SHORT_TX);

    await page.getByRole('tab', { name: 'MINT' }).click();
    await expect(page.getByLabel('AVATAR_NAME')).toHaveValue(avatar.name);
    await expect(page.getByLabel('EDITION_NUMBER')).toHaveValue('2');
    await page.getByRole('button', { name: 'MINT_EDITION' }).click();
    await expect(page.getByText('Your AI Avatar NFT has been minted on Base Network!', { exact: true })).toBeVisible();
    const minted = page.getByRole('region', { name: 'EDITION_MINTED' });
    await expect(minted.getByText('CONFIRMED')).toBeVisible();
    await expect(termValue(minted, 'EDITION')).toHaveText('2');
    await expect(termValue(minted, 'BLOCK')).toHaveText(/^\d+$/);
    await expect(termValue(minted, 'GAS_USED')).toHaveText(/^[\d,]+$/);
    const editionTokenId = (await termValue(minted, 'TOKEN_ID').textContent())?.replace('#', '');
    expect(editionTokenId).toMatch(/^\d+$/);

    await page.getByRole('tab', { name: 'DELEGATE' }).click();
    await page.getByRole('combobox', { name: 'TOKEN_ID' }).click();
    await page.getByRole('option', { name: new RegExp(`^#${editionTokenId} `) }).click();
    await page.getByLabel('DELEGATE_ADDRESS').fill(DELEGATE);
    await page.getByLabel('DAYS').fill(String(DAYS));
    const before = Date.now();
    await page.getByRole('button', { name: 'DELEGATE', exact: true }).click();
    await expect(page.getByText('Avatar Delegated', { exact: true })).toBeVisible();
    const delegation = page.getByRole('region', { name: 'DELEGATION_SET' });
    await expect(delegation.getByText('CONFIRMED')).toBeVisible();
    await expect(termValue(delegation, 'DELEGATE')).toHaveText('0x0000...dEaD');

    // The token list shows the delegate and its expiry, read back from the chain.
    const editionCard = tokens.getByRole('listitem', { name: `Token #${editionTokenId}` });
    await expect(termValue(editionCard, 'DELEGATE')).toHaveText('0x0000...dEaD');
    await expect(termValue(editionCard, 'EXPIRES')).not.toHaveText('—');
    const onChain = (await (await page.request.get('/api/nft/tokens')).json()) as {
      tokenId: number;
      delegate: string | null;
      delegateExpires: number | null;
    }[];
    const token = onChain.find((t) => t.tokenId === Number(editionTokenId));
    expect(token?.delegate?.toLowerCase()).toBe(DELEGATE.toLowerCase());
    const expectedExpiry = before / 1000 + DAYS * 86_400;
    expect(Math.abs((token?.delegateExpires ?? 0) - expectedExpiry)).toBeLessThan(120);
  });

  test('SPEC §5 rules: empty address disables Verify Task, bad JSON is refused, /nft needs a wallet', async ({
    page,
  }) => {
    await devSignIn(page, 'Rule Keeper', uniqueEmail('rules'));
    const created = await page.request.post('/api/avatars', { data: { name: 'Rule Avatar' } });
    expect(created.ok()).toBe(true);
    let verifyCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/blockchain/verify-task')) verifyCalls += 1;
    });

    await page.goto('/blockchain');
    const verify = page.getByRole('button', { name: 'Verify Task' });
    await expect(page.getByLabel('WALLET_ADDRESS')).toHaveValue('');
    await expect(verify).toBeDisabled();
    await expect(page.getByLabel('TASK_DATA (JSON)')).toHaveValue('{}');
    await expect(page.getByRole('combobox', { name: 'TASK_TYPE' })).toHaveText('Skill Learn');
    await expect(page.getByText('No blockchain verified tasks yet')).toBeHidden();
    await page.getByRole('button', { name: 'Use Demo Address' }).click();
    await expect(page.getByLabel('WALLET_ADDRESS')).toHaveValue(/^0x[0-9a-fA-F]{40}$/);
    await expect(page.getByText('No blockchain verified tasks yet')).toBeVisible();
    await page.getByLabel('TASK_DATA (JSON)').fill('{not json');
    await verify.click();
    await expect(page.getByText('Invalid Task Data', { exact: true })).toBeVisible();
    await expect(page.getByText('Please provide valid JSON for task data', { exact: true })).toBeVisible();
    expect(verifyCalls).toBe(0);

    await page.goto('/nft');
    await expect(page.getByText('NOT_CONNECTED')).toBeVisible();
    const mint = page.getByRole('button', { name: 'MINT_EDITION' });
    await expect(mint).toBeDisabled(); // aria-disabled
    await mint.click({ force: true });
    await expect(page.getByText('Please connect your wallet first', { exact: true })).toBeVisible();
  });

  test('visitors can read a wallet history on /blockchain but need to sign in to verify', async ({ page }) => {
    await page.goto('/blockchain');
    await expect(page.getByRole('heading', { name: /BLOCKCHAIN_VERIFICATION/ })).toBeVisible();
    await page.getByRole('button', { name: 'Use Demo Address' }).click();
    await expect(page.getByText('No blockchain verified tasks yet')).toBeVisible();
    await expect(page.getByText(/verifying a task needs you to sign in/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify Task' })).toBeDisabled();
  });

  test('Sign-In with Ethereum on /login with the local test wallet opens the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'SIGN_IN_WITH_ETHEREUM' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Local test wallet/ })
      .click();
    await expect(page.getByRole('tab', { name: 'AI_CHAT' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { walletAddress: string | null };
    expect(me.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
  });
});
