/**
 * Benchmark of the offline persona engine (server time per offline reply,
 * p50/p99 over 1,000 replies) plus the intent classifier's held-out accuracy.
 *
 * Run from the repository root: `npx tsx bench/persona.bench.ts [replies]` (default 1000).
 * Each reply gets a different avatar (2 per agent type, with 0–5 skills), message (held-out
 * examples, new phrasings, follow-ups, odd and very long input) and stored history (0–20 turns, as
 * the server loads it), so history replay is part of the measured time. Deterministic inputs;
 * timings are per `composePersonaReply` call after a warm-up pass, as wall clock and as CPU time
 * (CPU time is robust to other processes competing for the cores).
 */
import { cpus, loadavg } from 'node:os';
import {
  evaluateIntentClassifier,
  getIntentClassifier,
  loadExamples,
  releaseIntentClassifier,
  splitExamples,
} from '../apps/server/src/providers/ai/persona/intent-classifier';
import { languageModelState, releaseLanguageModel } from '../apps/server/src/providers/ai/persona/parse';
import { composePersonaReply } from '../apps/server/src/providers/ai/persona/persona-provider';
import type { ChatTurn, PersonaAvatar } from '../apps/server/src/providers/ai/types';

const REPLIES = Number(process.argv[2] ?? 1000);

const skill = (name: string, category: string, proficiency: number) => ({ name, category, proficiency });
const AVATARS: PersonaAvatar[] = [
  {
    id: 21,
    name: 'GENESIS_HACKER',
    agentType: 'HACKER',
    description: 'Audits contracts for breakfast',
    personalityTraits: ['analytical', 'paranoid'],
    skills: [
      skill('Solidity', 'technical', 80),
      skill('Smart Contracts', 'technical', 70),
      skill('DeFi Protocols', 'technical', 40),
    ],
    level: 3,
    experiencePoints: 5750,
  },
  {
    id: 22,
    name: 'n0de',
    agentType: 'HACKER',
    description: null,
    personalityTraits: [],
    skills: [],
    level: 1,
    experiencePoints: 0,
  },
  {
    id: 20,
    name: 'NEURAL_CREATOR',
    agentType: 'CREATOR',
    description: 'Paints dreams in neon watercolor',
    personalityTraits: ['curious', 'helpful', 'creative'],
    skills: [skill('Digital Art', 'creative', 60), skill('Pixel Art', 'creative', 35)],
    level: 2,
    experiencePoints: 2600,
  },
  {
    id: 23,
    name: 'Aria',
    agentType: 'CREATOR',
    description: 'A gentle muse for album covers and posters',
    personalityTraits: ['dreamy'],
    skills: [
      skill('Illustration', 'creative', 90),
      skill('Typography', 'creative', 20),
      skill('3D Modeling', 'technical', 10),
      skill('Animation', 'creative', 5),
      skill('Photography', 'creative', 50),
    ],
    level: 9,
    experiencePoints: 21_000,
  },
  {
    id: 19,
    name: 'CRYPTO_HUSTLER',
    agentType: 'HUSTLER',
    description: 'Closes deals while you sleep',
    personalityTraits: ['bold', 'relentless'],
    skills: [skill('Marketing', 'analytical', 75), skill('Trading', 'analytical', 55)],
    level: 7,
    experiencePoints: 15_100,
  },
  {
    id: 24,
    name: 'Max Deal',
    agentType: 'HUSTLER',
    description: null,
    personalityTraits: ['loud'],
    skills: [skill('Sales', 'analytical', 30)],
    level: 1,
    experiencePoints: 90,
  },
];

const { heldOut } = splitExamples(loadExamples());
const MESSAGES: string[] = [
  ...heldOut.map((e) => e.text),
  'yo can u draw me a cyberpunk samurai under pink rain pls',
  'mint that last one on base',
  'build a landing page for my coffee shop with a waitlist',
  'code me a tiny pomodoro timer app',
  'post about our launch on farcaster tonight',
  'practice solidity with me for a bit',
  'how much would my marketing skill sell for?',
  'verify the skill_learn task i just finished',
  'yes',
  'do it',
  'another one',
  'no thanks',
  '',
  '?!?!',
  '🔥🔥🔥',
  'lorem ipsum dolor sit amet '.repeat(150),
];

/** A plausible stored history of `turns` turns, built from the message list. */
function historyFor(i: number, turns: number): ChatTurn[] {
  const h: ChatTurn[] = [];
  for (let t = 0; t < turns; t++) {
    const text = MESSAGES[(i * 7 + t * 3) % MESSAGES.length] ?? 'hi';
    h.push(t % 2 === 0 ? { role: 'user', text } : { role: 'avatar', text: `reply ${t} to earlier message` });
  }
  return h;
}

const requests = Array.from({ length: REPLIES }, (_, i) => ({
  avatar: AVATARS[i % AVATARS.length] as PersonaAvatar,
  message: MESSAGES[(i * 13) % MESSAGES.length] as string,
  history: historyFor(i, (i * 5) % 21),
}));

/** Resident set size in MB, after a full garbage collection when `node --expose-gc` allows it. */
const rssMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return {
    rss: m.rss / 1e6,
    heap: m.heapUsed / 1e6,
    toFixed: () => `${(m.rss / 1e6).toFixed(0)} (heap ${(m.heapUsed / 1e6).toFixed(0)})`,
  };
};
const rssAtStart = rssMb();
const trainStart = performance.now();
// Loads the cached model, or trains it (first use on this machine); awaited, so training is not timed
// as part of a reply. composePersonaReply and the evaluation are async since the classifier moved to
// a trained model: awaiting each call is what times a reply (not the creation of its promise).
await getIntentClassifier();
const trainMs = performance.now() - trainStart;

// Texts the classifier has seen in this process: it caches its predictions (PREDICTION_CACHE_SIZE), so
// a reply to a message seen before costs less than one to a new message; both are reported.
const seen = new Set<string>();
const see = (req: (typeof requests)[number]) => {
  seen.add(req.message);
  for (const turn of req.history) if (turn.role === 'user') seen.add(turn.text);
};
const rssWithClassifier = rssMb();
const firstStart = performance.now();
await composePersonaReply({ avatar: AVATARS[0] as PersonaAvatar, message: 'hi, I am Sam from Leeds', history: [] });
const firstReplyMs = performance.now() - firstStart;
const rssWithParser = rssMb();
for (const req of requests.slice(0, 50)) {
  await composePersonaReply(req); // warm-up (JIT)
  see(req);
}

const times: number[] = [];
const cpuTimes: number[] = [];
const newMessageTimes: number[] = [];
const intents = new Map<string, number>();
for (const req of requests) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const reply = await composePersonaReply(req);
  const ms = performance.now() - t0;
  times.push(ms);
  if (!seen.has(req.message)) newMessageTimes.push(ms);
  see(req);
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  intents.set(reply.intent, (intents.get(reply.intent) ?? 0) + 1);
}

/** p50/p99/mean/max of a list of milliseconds. */
function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3);
  const mean = (sorted.reduce((sum, t) => sum + t, 0) / sorted.length).toFixed(3);
  return `p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  mean ${mean} ms  max ${(sorted.at(-1) ?? 0).toFixed(3)} ms`;
}

const evaluation = await evaluateIntentClassifier();
const rssLoaded = rssMb();
releaseLanguageModel();
releaseIntentClassifier();
const rssReleased = rssMb();

console.log(
  `persona engine — ${REPLIES} replies, ${AVATARS.length} avatars, ${MESSAGES.length} messages, history 0–20 turns`,
);
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} (1 min), Node ${process.version}`,
);
console.log(`classifier load or training (once, at first use): ${trainMs.toFixed(1)} ms`);
console.log(`per reply, wall clock: ${stats(times)}`);
// CPU time leaves out time spent descheduled, so it stays meaningful on a busy machine (µs resolution).
console.log(`per reply, CPU time:   ${stats(cpuTimes)}`);
console.log(`replies to a message not seen before (${newMessageTimes.length}), wall clock: ${stats(newMessageTimes)}`);
console.log(`intents answered: ${[...intents].map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(
  `intent accuracy (held-out, every 5th example per intent): ${(evaluation.accuracy * 100).toFixed(1)}% (${Math.round(evaluation.accuracy * evaluation.total)}/${evaluation.total})`,
);
console.log(
  `memory (RSS, MB${(globalThis as { gc?: unknown }).gc ? ', after gc' : '; run with node --expose-gc for settled figures'}): engine modules ${rssAtStart.toFixed(0)}, + intent classifier ${rssWithClassifier.toFixed(0)}, + wink-nlp model (first reply ${firstReplyMs.toFixed(0)} ms) ${rssWithParser.toFixed(0)}, after the run ${rssLoaded.toFixed(0)}, after releasing both ${rssReleased.toFixed(0)} (model loaded: ${languageModelState().loaded})`,
);
