/**
 * Finds a Chromium for Playwright: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * browser; as root on Debian without one, installs Debian's `chromium` package (no other download).
 * @returns absolute path of the browser executable
 * @throws Error when none can be found or installed
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    const { chromium } = require('playwright-core');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {}
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('[e2e] installing Debian chromium…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error("No Chromium found: set CHROMIUM_PATH or install Debian's chromium package");
}
