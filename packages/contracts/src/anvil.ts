/**
 * Starts the anvil binary shipped in the npm package `@foundry-rs/anvil` (its per-platform package holds
 * the executable; no postinstall or download is needed) on a local port, for tests and the embedded
 * chain.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Hex } from 'viem';

/**
 * Private keys of anvil's first three development accounts (mnemonic "test test … junk"). Public
 * knowledge: never use them on a real network.
 */
export const ANVIL_DEV_PRIVATE_KEYS: readonly Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
];

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * Absolute path of the anvil executable for this platform.
 * @throws Error when the platform has no anvil package or it is not installed.
 */
export function resolveAnvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`anvil: no binary package for ${process.platform}-${process.arch}`);
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`anvil: ${pkg} is not installed (npm install @foundry-rs/anvil)`);
  }
  const binary = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil: ${binary} is missing`);
  return binary;
}

/** A free TCP port on 127.0.0.1 (asked from the OS; free when returned). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Options of {@link startAnvil}. */
export interface AnvilOptions {
  /** Port to listen on; default: a free port. */
  port?: number;
  /** Chain id; default anvil's 31337. */
  chainId?: number;
  /** Load state from and dump it to this JSON file on exit (`--state`), so the chain survives restarts. */
  stateFile?: string;
  /** Further command-line arguments. */
  args?: string[];
  /** How long to wait for "Listening on", in ms (default 30000). */
  timeoutMs?: number;
}

/** A running anvil. */
export interface AnvilInstance {
  /** JSON-RPC URL, e.g. http://127.0.0.1:8545. */
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  /** Sends SIGTERM (anvil dumps `stateFile` then) and resolves when the process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts anvil on 127.0.0.1 and resolves once it accepts JSON-RPC.
 * @throws Error when anvil exits or does not listen within `timeoutMs`.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const port = options.port ?? (await getFreePort());
  const args = ['--host', '127.0.0.1', '--port', String(port)];
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId));
  if (options.stateFile) args.push('--state', options.stateFile);
  args.push(...(options.args ?? []));

  const child = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`));
    }, options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with code ${code}:\n${output}`));
    });
  });
  // Stop collecting but keep draining the pipes so anvil never blocks on a full one.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
