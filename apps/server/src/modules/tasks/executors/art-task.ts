/**
 * mint_art_nft: an image from the configured image provider — prompted by the configured model
 * (agent loop), else with the request itself (retried, SPEC §7) — stored in the app's storage, minted
 * as an ArtworkNFT to the user's wallet (or the platform's custody address).
 */
import { getAddress, parseEventLogs } from 'viem';
import { artworkNftAbi } from '../../../providers/chain/abis';
import { taskIdOf } from '../../../providers/chain/chain-service';
import type { ImageProvider } from '../../../providers/images/types';
import { ensureAvatarMinted } from '../../blockchain/mint-service';
import { findUserWallet } from '../../users/users-service';
import type { Outcome, TaskContext, TaskWork } from '../task-types';
import { EMBEDDED_PRODUCER } from './publish';

/** SPEC §7: the art call is retried 2 times (3 attempts in all). */
export const IMAGE_ATTEMPTS = 3;

/** The artwork prompted by the configured model, and its work for the validator. */
async function modelArt(ctx: TaskContext) {
  const agent = await import('../agent/task-agent');
  const made = await agent.runTaskAgent(ctx);
  const image = made.images.at(-1)!;
  const work: TaskWork = {
    producer: agent.modelProducer(ctx),
    image: { bytes: image.png, mime: 'image/png', prompt: image.prompt, width: 1024, height: 1024 },
    summary: made.summary,
  };
  return {
    image: { png: image.png, revisedPrompt: image.revisedPrompt },
    prompt: image.prompt,
    style: image.style,
    work,
  };
}

export async function mintArt(ctx: TaskContext, requested: string): Promise<Outcome> {
  const { deps, row, avatar } = ctx;
  const byModel = deps.model ? await modelArt(ctx) : null;
  const prompt = byModel?.prompt ?? requested;
  const style = byModel?.style ?? 'digital_art';
  let image: Awaited<ReturnType<ImageProvider['generate']>> | null = byModel?.image ?? null;
  let lastError: unknown;
  for (let attempt = 1; attempt <= IMAGE_ATTEMPTS && !image; attempt++) {
    await ctx.checkCancelled();
    try {
      image = await deps.images.generate({ prompt, style: 'digital_art', size: '1024x1024' });
    } catch (err) {
      lastError = err;
    }
  }
  if (!image) {
    throw new Error(
      `Failed to generate artwork after ${IMAGE_ATTEMPTS} attempts: ${(lastError as Error)?.message ?? lastError}`,
    );
  }
  const stored = await deps.storage.put(`art/${row.taskId.slice(5)}.png`, image.png, 'image/png');
  const artworkUrl = new URL(stored.url, deps.appOrigin).href;
  const base = {
    artworkUrl: stored.url,
    prompt,
    revisedPrompt: image.revisedPrompt,
    style,
    size: '1024x1024',
    ...(byModel ? { summary: byModel.work.summary } : {}),
  };
  const work: TaskWork = byModel?.work ?? {
    producer: EMBEDDED_PRODUCER,
    image: { bytes: image.png, mime: 'image/png', prompt, width: 1024, height: 1024 },
  };
  if (!deps.chain) return { confirm: true, verificationData: base, work };
  await ctx.checkCancelled();
  const chain = deps.chain;
  const minted = await ensureAvatarMinted(deps.db, chain, avatar.id);
  const wallet = row.userId ? await findUserWallet(deps.db, row.userId) : null;
  const owner = wallet ? getAddress(wallet) : chain.account;
  const w = await chain.write({
    address: chain.addresses.artworkNFT,
    abi: artworkNftAbi,
    functionName: 'mint',
    // Idempotency key: one artwork per task, whatever the retries.
    args: [owner, BigInt(minted.tokenId!), owner, artworkUrl, taskIdOf(`artwork:${row.taskId}`)],
    // the same outbox intent when the task is run again after its process died
    key: `artwork:${row.taskId}`,
  });
  const [ev] = parseEventLogs({ abi: artworkNftAbi, logs: w.receipt.logs, eventName: 'ArtworkMinted' });
  const tokenId = Number((ev?.args as { tokenId?: bigint } | undefined)?.tokenId ?? 0n);
  return {
    confirm: true,
    verificationData: {
      ...base,
      tokenId,
      contractAddress: chain.addresses.artworkNFT,
      creatorTokenId: minted.tokenId,
      owner,
      marketplaceUrl: new URL(`/avatar/${avatar.id}`, deps.appOrigin).href,
    },
    contractAddress: chain.addresses.artworkNFT,
    transactionHash: w.transactionHash,
    blockNumber: w.blockNumber,
    gasUsed: w.gasUsed,
    work,
  };
}
