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
/**
 * Private key of anvil account 9: the local stand-in for the cold admin key (deploys and holds
 * DEFAULT_ADMIN_ROLE; never used by the running server to sign).
 */
export const ANVIL_ADMIN_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' as const;
/** Anvil account 8: the local treasury (platform fees, withdrawn voucher proceeds). */
export const ANVIL_TREASURY_ADDRESS = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' as const;
export const ANVIL_CHAIN_ID = 31337;

export interface AnvilHandle {
  rpcUrl: string;
  port: number;
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
  return { rpcUrl: node.rpcUrl, port: node.port, stop: () => node.stop() };
}
