import { createSandbox } from '../src/providers/sandbox/index.ts';
const sb = createSandbox();
const run = async () => { const t = performance.now(); const r = await sb.run({ language: 'python', files: { 'main.py': 'print("hello")' }, entry: 'main.py' }); return [Math.round(performance.now() - t), r.durationMs]; };
console.log('cold', await run());
for (let i = 0; i < 6; i++) { await sb.whenWarm(); await new Promise((r) => setTimeout(r, i % 2 ? 2000 : 0)); console.log('warm', i % 2 ? 'after 2s' : 'at once', await run()); }
await sb.close();
