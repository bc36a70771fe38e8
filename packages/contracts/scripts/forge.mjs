#!/usr/bin/env node
// Runs the forge binary of the npm package @foundry-rs/forge directly and exits with forge's exit code.
// The package's own `forge` bin (bin.mjs, v1.7.1) spawns the binary but never passes its exit status
// on, so `forge test` with failing tests would exit 0 and CI would stay green.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PLATFORM_PACKAGES = {
  'linux-x64': '@foundry-rs/forge-linux-amd64',
  'linux-arm64': '@foundry-rs/forge-linux-arm64',
  'darwin-x64': '@foundry-rs/forge-darwin-amd64',
  'darwin-arm64': '@foundry-rs/forge-darwin-arm64',
  'win32-x64': '@foundry-rs/forge-win32-amd64',
};

const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
if (!pkg) {
  console.error(`forge: no binary package for ${process.platform}-${process.arch}`);
  process.exit(1);
}
let binary;
try {
  const dir = dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  binary = join(dir, 'bin', process.platform === 'win32' ? 'forge.exe' : 'forge');
} catch {
  console.error(`forge: ${pkg} is not installed (npm install @foundry-rs/forge)`);
  process.exit(1);
}
if (!existsSync(binary)) {
  console.error(`forge: ${binary} is missing`);
  process.exit(1);
}

const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
if (result.error) {
  console.error(`forge: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
