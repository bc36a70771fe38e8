/**
 * The embedded local chain (DESIGN §2/§3): anvil from npm `@foundry-rs/anvil`, started as its
 * platform binary on a free loopback port with its state in a file under the data dir, so a restart
 * finds the same chain, NFTs and tasks. Anvil writes the state file every few seconds and on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/** Anvil's well-known development mnemonic: accounts are deterministic, never hold real funds. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Private key of anvil account 0 (the embedded server's deployer, minter and verifier). */
export const ANVIL_ACCOUNT0_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const ANVIL_CHAIN_ID = 31337;

/** Absolute path of the anvil binary shipped by the platform package (no postinstall needed). */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`);
  return bin;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface AnvilHandle {
  rpcUrl: string;
  port: number;
  pid: number;
  /** SIGTERM, then wait for exit (anvil dumps its state first). */
  stop(): Promise<void>;
}

/**
 * Starts anvil and waits until it answers JSON-RPC.
 * @param opts.stateFile file to load and keep the chain state in; omit for a throw-away chain (tests)
 * @param opts.timeoutMs how long to wait for the RPC, ms (default 30 000)
 * @throws Error when anvil exits or does not answer in time
 */
export async function startAnvil(
  opts: { stateFile?: string; port?: number; timeoutMs?: number } = {},
): Promise<AnvilHandle> {
  const port = opts.port ?? (await freePort());
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID)];
  args.push('--mnemonic', ANVIL_MNEMONIC, '--accounts', '10', '--silent');
  if (opts.stateFile) {
    mkdirSync(path.dirname(opts.stateFile), { recursive: true });
    args.push('--state', opts.stateFile, '--state-interval', '5', '--preserve-historical-states');
  }
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Never leave an orphaned chain behind when this process exits without a graceful stop.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  while (true) {
    if (!alive) throw new Error(`anvil exited during start-up: ${stderr.trim()}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    port,
    pid: child.pid ?? -1,
    async stop() {
      if (!alive) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
