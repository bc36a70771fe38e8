/**
 * The one wrapper for chain writes sent from the user's own wallet (STYLE "one wrapper for chain
 * writes"; DESIGN §3: users sign their own mint and delegate transactions). Server-side writes
 * (verify-task, skills, claim) come back from the API with their hash and receipt data instead.
 */
import { shortenHash } from '@app/domain/format';
import { type Hash, parseEther } from 'viem';
import type { Config } from 'wagmi';
import { getBalance, getConnection, switchChain, waitForTransactionReceipt } from 'wagmi/actions';
import { LOCAL_TEST_WALLET_ID } from '@/lib/local-test-wallet';
import { requestFaucet } from './request-faucet';

/** What a confirmed write left on chain, from its receipt. gasUsed in gas units, decimal. */
export interface ChainWriteReceipt {
  transactionHash: Hash;
  blockNumber: number;
  gasUsed: string;
}

/** Below this balance the local test wallet asks the faucet for more before paying for a write. */
const LOCAL_MIN_BALANCE = parseEther('0.5');

/**
 * Puts the connected wallet on the configured chain (switching or adding it in the wallet when it
 * is elsewhere), funds the local test wallet if it runs low, runs `send` (which asks the wallet to
 * sign and returns the transaction hash) and waits for the receipt.
 * @throws when no wallet is connected, the wallet refuses, or the transaction reverts
 */
export async function sendChainWrite(config: Config, send: () => Promise<Hash>): Promise<ChainWriteReceipt> {
  const { address, connector, chainId } = getConnection(config);
  if (!address || !connector) throw new Error('Please connect your wallet first');
  const target = config.chains[0].id;
  if (chainId !== target) await switchChain(config, { chainId: target });
  if (connector.id === LOCAL_TEST_WALLET_ID) {
    const { value } = await getBalance(config, { address });
    if (value < LOCAL_MIN_BALANCE) await requestFaucet(address);
  }
  const hash = await send();
  const receipt = await waitForTransactionReceipt(config, { hash });
  if (receipt.status !== 'success') throw new Error(`Transaction ${shortenHash(hash)} reverted`);
  return { transactionHash: hash, blockNumber: Number(receipt.blockNumber), gasUsed: receipt.gasUsed.toString() };
}
