/**
 * The embedded local chain (DESIGN §2/§3, ADR 002): anvil from npm, launched by the contracts
 * package's `startAnvil` (one launcher for tests, tools and the server), with the server's settings:
 * anvil's development mnemonic, and — when a state file is given — its state written every 5 s and
 * on SIGTERM, so a restart finds the same chain, NFTs and tasks.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAnvil as launchAnvil } from '@app/contracts/anvil';

/** Anvil's well-known development mnemonic: accounts are deterministic, never hold real funds. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Private key of anvil account 0 (the embedded server's deployer, minter and verifier). */
export const ANVIL_ACCOUNT0_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const ANVIL_CHAIN_ID = 31337;

export interface AnvilHandle {
  rpcUrl: string;
  port: number;
  /** Process id of anvil (reported to `npm start`, which stops it if the server dies first). */
  pid: number;
  /** SIGTERM, then wait for exit (anvil dumps its state first). */
  stop(): Promise<void>;
}

/**
 * Starts anvil on a free loopback port and waits until it listens.
 * @param opts.stateFile file to load and keep the chain state in; omit for a throw-away chain (tests)
 * @param opts.timeoutMs how long to wait, ms (default 30 000)
 * @throws Error when anvil exits or does not listen in time
 */
export async function startAnvil(
  opts: { stateFile?: string; port?: number; timeoutMs?: number } = {},
): Promise<AnvilHandle> {
  const args = ['--mnemonic', ANVIL_MNEMONIC, '--accounts', '10'];
  if (opts.stateFile) {
    mkdirSync(path.dirname(opts.stateFile), { recursive: true });
    args.push('--state-interval', '5', '--preserve-historical-states');
  }
  const node = await launchAnvil({
    port: opts.port,
    chainId: ANVIL_CHAIN_ID,
    stateFile: opts.stateFile,
    args,
    timeoutMs: opts.timeoutMs,
  });
  // Never leave an orphaned chain behind when this process exits without a graceful stop.
  const killOnExit = () => node.process.kill('SIGTERM');
  process.once('exit', killOnExit);
  node.process.once('exit', () => process.removeListener('exit', killOnExit));
  return { rpcUrl: node.rpcUrl, port: node.port, pid: node.process.pid ?? 0, stop: () => node.stop() };
}
