/**
 * `npm run eval:chat`: scores the offline persona engine.
 * 1. The dialogue set (`dialogues/`): per category, on the development and the frozen test split,
 *    the share of expectations met (each dialogue played with a HACKER, a CREATOR and a HUSTLER).
 *    Failures are listed for the development split only: the test split is read by its scores.
 *    Beside them, the held-out set (`heldout/`, written apart from the engine), scored the same
 *    way. It was measured many times and then read while tuning on 2026-11-26, so it is
 *    development data now (`--failures=heldout` lists its failures). With `--frozen` only, four
 *    more columns: the second, third, fourth and fifth held-out sets (`heldout-2/` to `heldout-5/`,
 *    each written by an author who had not read the engine), their aggregates per category and
 *    nothing else — never their failures or transcripts. Without `--frozen` they are
 *    not even played, so whoever tunes the engine never sees their scores.
 * 2. The older dialogues written beside the engine (regression set), and the probes (`probes/`,
 *    new phrasings written while tuning on 2026-11-26; development data, `--failures=probes`).
 * 3. The intent classifier's held-out accuracy on `intents.json`.
 *
 * Options: `--transcripts=test|dev [--per-type=10]` prints exchanges of that split verbatim (for
 * reports, after tuning); `--quiet` hides the development failures; `--failures=test` lists the
 * test split's failures too, `--failures=heldout` those of `heldout/`; `--json=<file>` writes the
 * scores; `--frozen` adds the second, third, fourth and fifth held-out sets. Exits 1 when the test
 * split or the held-out set (and, with `--frozen`, the second, third, fourth or fifth held-out set)
 * is below the goal in a category.
 */
import { writeFileSync } from 'node:fs';
import { DIALOGUE_ACTS, evaluateIntentClassifier } from '../../providers/ai/persona/intent-classifier';
import {
  HELDOUT_DIR,
  HELDOUT2_DIR,
  HELDOUT3_DIR,
  HELDOUT4_DIR,
  HELDOUT5_DIR,
  loadDialogues,
  PROBES_DIR,
  type Split,
} from './dialogue-set';
import { scoreFrozenSet, wholeScores } from './frozen-score';
import { runLegacyDialogues } from './legacy-dialogues';
import { EVAL_AVATARS, runDialogueSet, type Score } from './run-dialogues';

/** The goal per category on the frozen split. */
export const CATEGORY_GOAL = 0.9;

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const pct = (s: Score) => (s.total ? `${((100 * s.passed) / s.total).toFixed(1)}%` : '—');

const dialogues = loadDialogues();
const { played, scores } = await runDialogueSet(dialogues);
const categories = [...new Set(dialogues.map((d) => d.category))];
// The held-out sets are scored as blocks: their dev/test hash halves are added together. The
// second, third, fourth and fifth are played only on request (`--frozen`), and only their
// aggregates come back.
const heldoutDialogues = loadDialogues(HELDOUT_DIR);
const heldoutRun = await runDialogueSet(heldoutDialogues);
const heldout = wholeScores(heldoutRun);
const frozen = args.includes('--frozen');
const heldout2Dialogues = frozen ? loadDialogues(HELDOUT2_DIR) : [];
const heldout2 = frozen ? await scoreFrozenSet(heldout2Dialogues) : null;
const heldout3Dialogues = frozen ? loadDialogues(HELDOUT3_DIR) : [];
const heldout3 = frozen ? await scoreFrozenSet(heldout3Dialogues) : null;
const heldout4Dialogues = frozen ? loadDialogues(HELDOUT4_DIR) : [];
const heldout4 = frozen ? await scoreFrozenSet(heldout4Dialogues) : null;
const heldout5Dialogues = frozen ? loadDialogues(HELDOUT5_DIR) : [];
const heldout5 = frozen ? await scoreFrozenSet(heldout5Dialogues) : null;
const count = (split: Split) => dialogues.filter((d) => played.find((p) => p.dialogue === d)?.split === split).length;

// Failures of the development split, and of the old test split on request (`--failures=test`: it
// was read while tuning, so it is a second development set now), and of `heldout/` on request
// (`--failures=heldout`: read while tuning on 2026-11-26, so development data too).
const listed: Split[] = args.includes('--quiet') ? [] : ['dev'];
if (option('failures') === 'test') listed.push('test');
const failureLists = listed.map((split) => ({
  title: `${split === 'dev' ? 'Development' : 'Test'} split failures:`,
  runs: played.filter((run) => run.split === split),
}));
if (option('failures') === 'heldout') failureLists.push({ title: 'Held-out failures:', runs: heldoutRun.played });
for (const { title, runs } of failureLists) {
  console.log(title);
  for (const run of runs) {
    for (const t of run.turns) {
      if (t.failed.length === 0) continue;
      console.log(
        `  FAIL ${run.dialogue.id} [${run.avatar.agentType}] "${t.message.slice(0, 120)}"\n` +
          `       → "${t.reply.response.slice(0, 240)}"\n       ${t.failed.join('; ')}`,
      );
    }
  }
}

console.log(
  `\nDialogue set: ${dialogues.length} dialogues (dev ${count('dev')}, test ${count('test')}); ` +
    `held-out (fresh): ${heldoutDialogues.length} dialogues; ` +
    `${heldout2 ? `held-out 2 (frozen): ${heldout2Dialogues.length} dialogues; ` : ''}` +
    `${heldout3 ? `held-out 3 (frozen): ${heldout3Dialogues.length} dialogues; ` : ''}` +
    `${heldout4 ? `held-out 4 (frozen): ${heldout4Dialogues.length} dialogues; ` : ''}` +
    `${heldout5 ? `held-out 5 (frozen): ${heldout5Dialogues.length} dialogues; ` : ''}3 avatar types`,
);
const cell = (s: Score) => `${pct(s)} (${s.passed}/${s.total})`.padStart(18);
const frozenHead = frozen
  ? `  ${'held-out 2 (frozen)'.padStart(19)}  ${'held-out 3 (frozen)'.padStart(19)}  ${'held-out 4 (frozen)'.padStart(19)}` +
    `  ${'held-out 5 (frozen)'.padStart(19)}`
  : '';
console.log(
  `  ${'category'.padEnd(15)} ${'dev'.padStart(18)} ${'test'.padStart(18)}   gap  ${'held-out (fresh)'.padStart(18)}${frozenHead}`,
);
const zero = () => ({ passed: 0, total: 0 });
const total = {
  dev: zero(),
  test: zero(),
  heldout: zero(),
  heldout2: zero(),
  heldout3: zero(),
  heldout4: zero(),
  heldout5: zero(),
};
const belowGoalIn: string[] = [];
for (const c of categories) {
  const d = scores.dev.get(c) ?? zero();
  const t = scores.test.get(c) ?? zero();
  const h = heldout.get(c) ?? zero();
  const h2 = heldout2?.get(c) ?? zero();
  const h3 = heldout3?.get(c) ?? zero();
  const h4 = heldout4?.get(c) ?? zero();
  const h5 = heldout5?.get(c) ?? zero();
  for (const [k, s] of [
    ['dev', d],
    ['test', t],
    ['heldout', h],
    ['heldout2', h2],
    ['heldout3', h3],
    ['heldout4', h4],
    ['heldout5', h5],
  ] as const) {
    total[k].passed += s.passed;
    total[k].total += s.total;
  }
  const gap = d.total && t.total ? ((100 * d.passed) / d.total - (100 * t.passed) / t.total).toFixed(1) : '—';
  if (t.total && t.passed / t.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (test)`);
  if (h.total && h.passed / h.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (held-out)`);
  if (h2.total && h2.passed / h2.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (held-out 2)`);
  if (h3.total && h3.passed / h3.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (held-out 3)`);
  if (h4.total && h4.passed / h4.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (held-out 4)`);
  if (h5.total && h5.passed / h5.total < CATEGORY_GOAL) belowGoalIn.push(`${c} (held-out 5)`);
  console.log(
    `  ${c.padEnd(15)} ${cell(d)} ${cell(t)}   ${gap.padStart(4)}  ${cell(h)}` +
      (frozen ? `   ${cell(h2)}   ${cell(h3)}   ${cell(h4)}   ${cell(h5)}` : ''),
  );
}
console.log(
  `  ${'all'.padEnd(15)} ${cell(total.dev)} ${cell(total.test)}         ${cell(total.heldout)}` +
    (frozen
      ? `   ${cell(total.heldout2)}   ${cell(total.heldout3)}   ${cell(total.heldout4)}   ${cell(total.heldout5)}`
      : ''),
);

const legacy = await runLegacyDialogues();
console.log('\nOlder dialogues (written beside the engine, regression only):');
let lp = 0;
let lt = 0;
for (const [c, s] of legacy.scores) {
  console.log(`  ${c.padEnd(15)} ${pct(s)} (${s.passed}/${s.total})`);
  lp += s.passed;
  lt += s.total;
}
console.log(`  ${'all'.padEnd(15)} ${pct({ passed: lp, total: lt })} (${lp}/${lt})`);
for (const f of legacy.failures) console.log(`  FAIL ${f}`);

const probesRun = await runDialogueSet(loadDialogues(PROBES_DIR));
console.log('\nProbes (written while tuning, development):');
for (const [c, s] of wholeScores(probesRun)) console.log(`  ${c.padEnd(15)} ${pct(s)} (${s.passed}/${s.total})`);
if (option('failures') === 'probes') {
  for (const run of probesRun.played) {
    for (const t of run.turns.filter((turn) => turn.failed.length)) {
      console.log(
        `  FAIL ${run.dialogue.id} [${run.avatar.agentType}] "${t.message.slice(0, 120)}" → ${t.failed.join('; ')}`,
      );
    }
  }
}

const nlu = await evaluateIntentClassifier();
console.log(
  `\nIntent classifier, held-out part of intents.json: ${(100 * nlu.accuracy).toFixed(1)}% (${Math.round(nlu.accuracy * nlu.total)}/${nlu.total})`,
);
if (args.includes('--acts')) for (const act of DIALOGUE_ACTS) console.log(`  ${act.padEnd(15)} ${nlu.recall[act]}`);

const transcripts = option('transcripts') as Split | undefined;
if (transcripts) {
  const perType = Number(option('per-type') ?? 10);
  for (const avatar of EVAL_AVATARS) {
    console.log(`\n${avatar.agentType} (${avatar.name}), ${transcripts} split:`);
    // Round-robin over the categories, so the sample shows each of them.
    const queues = categories.map((c) =>
      played.filter((r) => r.split === transcripts && r.avatar === avatar && r.dialogue.category === c),
    );
    const picked: typeof played = [];
    for (let i = 0; picked.length < perType && queues.some((q) => q.length > i); i++) {
      for (const q of queues) if (q[i] && picked.length < perType) picked.push(q[i] as (typeof played)[number]);
    }
    for (const run of picked) {
      console.log(`  [${run.dialogue.id}, ${run.dialogue.category}]`);
      for (const t of run.turns) {
        console.log(`  user: ${t.message.slice(0, 300)}`);
        console.log(`  ${avatar.name}: ${t.reply.response}`);
      }
    }
  }
}

const jsonFile = option('json');
if (jsonFile) {
  const asObject = (m: Map<string, Score>) => Object.fromEntries(m);
  writeFileSync(
    jsonFile,
    JSON.stringify(
      {
        dev: asObject(scores.dev),
        test: asObject(scores.test),
        heldout: asObject(heldout),
        ...(heldout2 ? { heldout2: asObject(heldout2) } : {}),
        ...(heldout3 ? { heldout3: asObject(heldout3) } : {}),
        ...(heldout4 ? { heldout4: asObject(heldout4) } : {}),
        ...(heldout5 ? { heldout5: asObject(heldout5) } : {}),
      },
      null,
      2,
    ),
  );
}
if (belowGoalIn.length > 0) {
  console.error(
    `\nBelow the goal (${CATEGORY_GOAL * 100}% per category on the test split and the held-out sets): ${belowGoalIn.join(', ')}.`,
  );
  process.exitCode = 1;
}
