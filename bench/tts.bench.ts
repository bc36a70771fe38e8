/**
 * Benchmark of the embedded text-to-speech: time to first audio and
 * real-time factor for a sentence and a paragraph.
 *
 * Run from the repository root: `npx tsx bench/tts.bench.ts [runs]` (default 10 warm runs per text).
 *
 * The provider returns the whole WAV at once, so "time to first audio" is the time until the
 * finished buffer is in hand:
 * - cold: a fresh engine (worker thread start, WebAssembly init, 24 MB voice data) plus the first
 *   synthesis; measured `runs / 2` times by closing the engine before each run;
 * - warm: the engine already running.
 * Real-time factor (RTF) = synthesis time / audio duration; below 1 means faster than real time.
 * Wall-clock figures suffer when other processes compete for the cores; the CPU columns (process
 * CPU time during the call, nearly all of it the worker's) do not.
 * The three agent voices are used round-robin. Also reports the main thread's worst event-loop
 * delay during warm synthesis: synthesis runs in a worker, so the server stays responsive.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EspeakTtsProvider } from '../apps/server/src/providers/speech/espeak';
import type { VoiceProfile } from '../apps/server/src/providers/speech/types';

const RUNS = Math.max(2, Number(process.argv[2] ?? 10));
const VOICES: VoiceProfile[] = ['hacker', 'creator', 'hustler'];

const TEXTS = {
  sentence: 'Welcome back, operator. Your avatar is online and ready for the next mission.',
  paragraph:
    'Welcome back, operator. Your avatar is online and ready for the next mission. Today the ' +
    'marketplace is buzzing: three new skills were listed in the last hour, and the price of ' +
    'smart contract auditing is up twelve percent. I verified your last task on chain, and you ' +
    'earned fifty experience points. If you want, I can mint a new piece of neon art, draft a ' +
    'post for your followers, or walk you through the next skill on your training path. Just ' +
    'say the word, and we will get it done before the next block is confirmed.',
} as const;

const tts = new EspeakTtsProvider();

interface Sample {
  /** Wall-clock time to the finished WAV. */
  ms: number;
  /** CPU time of the whole process (main + worker thread) meanwhile: robust to other load. */
  cpuMs: number;
  audioMs: number;
}

async function timed(text: string, voice: VoiceProfile): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await tts.synthesize({ text, voice });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, audioMs: result.durationMs ?? 0 };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function row(label: string, samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const rtf = samples.map((s) => s.ms / s.audioMs).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpuMs).sort((a, b) => a - b);
  const cpuRtf = samples.map((s) => s.cpuMs / s.audioMs).sort((a, b) => a - b);
  const audio = samples.reduce((sum, s) => sum + s.audioMs, 0) / samples.length;
  const cells = [
    label.padEnd(22),
    String(samples.length).padStart(4),
    (audio / 1000).toFixed(2).padStart(8),
    quantile(ms, 0.5).toFixed(0).padStart(7),
    ms[0]?.toFixed(0).padStart(7),
    ms.at(-1)?.toFixed(0).padStart(7),
    quantile(rtf, 0.5).toFixed(3).padStart(7),
    quantile(cpu, 0.5).toFixed(0).padStart(7),
    quantile(cpuRtf, 0.5).toFixed(3).padStart(7),
  ];
  return cells.join(' │ ');
}

const results: Array<[string, Sample[]]> = [];

// The first synthesis of the process: engine start included.
const first = await timed(TEXTS.sentence, 'hacker');

// Cold: a fresh engine each time.
for (const [name, text] of Object.entries(TEXTS)) {
  const samples: Sample[] = [];
  for (let i = 0; i < Math.ceil(RUNS / 2); i++) {
    await tts.close();
    samples.push(await timed(text, VOICES[i % 3] as VoiceProfile));
  }
  results.push([`cold ${name}`, samples]);
}

// Warm: engine running; one warm-up call per voice first.
for (const voice of VOICES) await timed(TEXTS.sentence, voice);
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
for (const [name, text] of Object.entries(TEXTS)) {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await timed(text, VOICES[i % 3] as VoiceProfile));
  results.push([`warm ${name}`, samples]);
}
loopDelay.disable();
await tts.close();

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`Embedded TTS (eSpeak NG WebAssembly in a worker thread), ${RUNS} warm runs per text`);
console.log(
  `${cpus().length} × ${cpu}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; Node ${process.version}`,
);
console.log(
  `texts: sentence ${TEXTS.sentence.length} chars, paragraph ${TEXTS.paragraph.length} chars; voices hacker/creator/hustler round-robin\n`,
);
console.log(
  ['case'.padEnd(22), 'runs', 'audio s', 'p50 ms', 'min ms', 'max ms', 'RTF p50', 'CPU ms', 'CPU RTF']
    .map((c, i) => (i ? c.padStart(i === 1 ? 4 : 7) : c))
    .join(' │ '),
);
console.log('─'.repeat(98));
console.log(row('first in process', [first]));
for (const [label, samples] of results) console.log(row(label, samples));
console.log(
  `\nmain-thread event-loop delay during warm synthesis: max ${(loopDelay.max / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
);
