#!/usr/bin/env node
/**
 * Runs an app command for the e2e tests behind a recording proxy (scripts/lib/recording-proxy.mjs)
 * when E2E_API_RECORD_DIR is set, so every /api answer of the browser session is kept and checked
 * against the OpenAPI document afterwards (scripts/e2e.mjs). The proxy takes the public port (the
 * one the browser uses, read from the env variable --port-env names, default PORT); the app runs on
 * that port + 100 with PUBLIC_URL set to the public origin. Without E2E_API_RECORD_DIR the command
 * runs as it is.
 *   node scripts/e2e-recorded.mjs <name> [--port-env=VAR] -- <command> [args…]
 */
import { spawn } from 'node:child_process';
import { startRecordingProxy } from './lib/recording-proxy.mjs';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const [name = 'app', ...flags] = args.slice(0, split);
const [command, ...commandArgs] = args.slice(split + 1);
const portEnv = flags.find((f) => f.startsWith('--port-env='))?.slice(11) ?? 'PORT';
const dir = process.env.E2E_API_RECORD_DIR;
const publicPort = Number(process.env[portEnv]);

const env = { ...process.env };
let proxy = null;
if (dir) {
  const appPort = publicPort + 100;
  env[portEnv] = String(appPort);
  env.PUBLIC_URL = `http://localhost:${publicPort}`;
  proxy = await startRecordingProxy({ port: publicPort, target: `http://127.0.0.1:${appPort}`, dir, name });
}
const child = spawn(command, commandArgs, { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', async (code, signal) => {
  await proxy?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
