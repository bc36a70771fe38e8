/**
 * The embedded local chain (DESIGN §2/§3, ADR 002, ADR 008): anvil from npm, launched by the
 * contracts package's `startAnvil` (one launcher for tests, tools and the server), with the server's
 * settings: anvil's development mnemonic and — when a state folder is given — crash-safe state
 * (see `anvil-state.ts`): the newest valid snapshot is loaded on start, the server saves a new one
 * atomically whenever the chain moved (checked every `saveIntervalMs`), and anvil dumps once more on
 * SIGTERM. A `kill -9` at any moment loses at most the blocks since the last save, never the file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAnvil as launchAnvil } from '@app/contracts/anvil';
import { prepareStateForLoad, STATE_FILES, StateSaver } from './anvil-state';

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
  /** PID of the anvil process. */
  pid: number | undefined;
  /** Saves the state now (no-op without a state folder). @throws Error when anvil cannot dump */
  saveState(): Promise<void>;
  /** Saves the state, then SIGTERM (anvil dumps once more) and waits for exit. */
  stop(): Promise<void>;
}

/**
 * Starts anvil on a free loopback port and waits until it listens.
 * @param opts.stateDir folder to load and keep the chain state in; omit for a throw-away chain (tests)
 * @param opts.saveIntervalMs how often to check whether the chain moved and save, ms (default 1000)
 * @param opts.timeoutMs how long to wait, ms (default 30 000)
 * @param opts.log warnings (a broken snapshot moved aside, a failed save)
 * @throws Error when anvil exits or does not listen in time
 */
export async function startAnvil(
  opts: {
    stateDir?: string;
    port?: number;
    timeoutMs?: number;
    saveIntervalMs?: number;
    log?: (msg: string) => void;
  } = {},
): Promise<AnvilHandle> {
  const log = opts.log ?? ((msg: string) => console.warn(msg));
  const args = ['--mnemonic', ANVIL_MNEMONIC, '--accounts', '10'];
  if (opts.stateDir) {
    mkdirSync(opts.stateDir, { recursive: true });
    const load = prepareStateForLoad(opts.stateDir, log);
    if (load) args.push('--load-state', load);
    // anvil's own dump goes to a separate file, only on a clean exit; it never overwrites state.json.
    args.push('--dump-state', path.join(opts.stateDir, STATE_FILES.exit));
  }
  const node = await launchAnvil({ port: opts.port, chainId: ANVIL_CHAIN_ID, args, timeoutMs: opts.timeoutMs });
  const saver = opts.stateDir ? new StateSaver(node.rpcUrl, opts.stateDir, opts.saveIntervalMs ?? 1000, log) : null;
  saver?.start();
  // Never leave an orphaned chain behind when this process exits without a graceful stop.
  const killOnExit = () => node.process.kill('SIGTERM');
  process.once('exit', killOnExit);
  node.process.once('exit', () => process.removeListener('exit', killOnExit));
  return {
    rpcUrl: node.rpcUrl,
    port: node.port,
    pid: node.process.pid,
    saveState: async () => saver?.save(),
    async stop() {
      if (saver) {
        await saver.stop();
        if (node.process.exitCode === null) await saver.save().catch((err) => log(`chain state save failed: ${err}`));
      }
      await node.stop();
    },
  };
}
