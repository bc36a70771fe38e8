import { createSandbox } from '../src/providers/sandbox/index.ts';
import { readFileSync } from 'node:fs';
const sb = createSandbox();
let peak = 0;
const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 50);
const r = await sb.run({ language: 'python', files: { 'main.py': readFileSync(process.argv[2], 'utf8') }, entry: 'main.py' });
clearInterval(iv);
console.log(r.stdout.slice(-200), r.stderr.slice(-1500), r.exitCode, r.stopped, 'peak RSS MB', Math.round(peak / 2 ** 20));
await sb.close();
