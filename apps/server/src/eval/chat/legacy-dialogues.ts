/**
 * The dialogues written beside the engine in an earlier round (memory, topic switch, feelings,
 * unknown facts, maths and dates, task slots, follow-ups). Kept as a regression set: they were
 * tuned on, so they say nothing about unseen language — `dialogues/` does that.
 */
import type { DialogueMemory } from '@app/domain/chat';
import { composePersonaReply } from '../../providers/ai/persona/persona-provider';
import type { ChatReply, ChatTurn, PersonaAvatar } from '../../providers/ai/types';

const base = { description: null, personalityTraits: [], skills: [], level: 1, experiencePoints: 0 };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 1, name: 'Zero', agentType: 'HACKER' },
  { ...base, id: 2, name: 'Luma', agentType: 'CREATOR' },
  { ...base, id: 3, name: 'Max', agentType: 'HUSTLER' },
];
const NOW = new Date('2026-11-24T10:00:00Z');

type Check = (r: ChatReply) => boolean;
interface Dialogue {
  category: string;
  turns: [string, Check?][];
}
const has =
  (re: RegExp): Check =>
  (r) =>
    re.test(r.response);
const noTask: Check = (r) => r.taskSuggestion === null;
const task =
  (action: string, re?: RegExp): Check =>
  (r) =>
    r.taskSuggestion?.action === action && (!re || re.test(r.taskSuggestion.prompt ?? ''));

const DIALOGUES: Dialogue[] = [
  { category: 'memory', turns: [['my name is Priya'], ['tell me a joke'], ["what's my name?", has(/Priya/)]] },
  { category: 'memory', turns: [['i live in Porto'], ['what is 3 + 4'], ['where do i live', has(/Porto/)]] },
  { category: 'memory', turns: [['i love jazz and hiking'], ['what do i like?', has(/jazz/)]] },
  { category: 'memory', turns: [["i'm working on a music app"], ['what am i working on', has(/music app/)]] },
  { category: 'memory', turns: [['what is my name', has(/told me|no record|nothing|yet/i)]] },
  {
    category: 'memory',
    turns: [['call me Sam'], ['forget my name'], ['what is my name', (r) => !/Sam/.test(r.response)]],
  },
  {
    category: 'topic switch',
    turns: [
      ['build a site for my bakery'],
      ['write a cast about our hackathon win', (r) => !/bakery/i.test(r.response)],
    ],
  },
  {
    category: 'topic switch',
    turns: [
      ['draw a red fox'],
      ['forget that', (r) => r.memory?.topic === null],
      ['make a website', (r) => !/fox/i.test(r.response)],
    ],
  },
  {
    category: 'topic switch',
    turns: [['draw a snowy mountain'], ['mint that one', task('mint_art_nft', /^a snowy mountain$/)]],
  },
  {
    category: 'feelings',
    turns: [['i feel sad and lonely today', (r) => noTask(r) && /sorry|rough|hard|tough|heavy|here/i.test(r.response)]],
  },
  {
    category: 'feelings',
    turns: [['i got the job, i am so happy!', (r) => noTask(r) && /!|nice|wonderful|great|win|good/i.test(r.response)]],
  },
  { category: 'feelings', turns: [['i am stressed and exhausted', noTask]] },
  { category: 'unknown facts', turns: [['who won the world cup in 2010', has(/can't look that up offline/i)]] },
  { category: 'unknown facts', turns: [["what's the weather in Paris", has(/can't look that up offline/i)]] },
  { category: 'unknown facts', turns: [['what is the population of japan', has(/can't look that up offline/i)]] },
  { category: 'maths & dates', turns: [['what is 12 times 8', has(/96/)]] },
  { category: 'maths & dates', turns: [['calculate 15% of 200', has(/30/)]] },
  { category: 'maths & dates', turns: [['how many days until christmas', has(/31 days/)]] },
  {
    category: 'task slots',
    turns: [["make a site for Luna's Bakery in Lisbon", task('deploy_website', /Luna's Bakery.*Lisbon/)]],
  },
  { category: 'task slots', turns: [['write a python script that renames photos', task('code_project', /python/)]] },
  { category: 'task slots', turns: [['code a todo app in rust', task('code_project', /rust/)]] },
  { category: 'task slots', turns: [['draw a blue whale under the moon', task('mint_art_nft', /blue whale/)]] },
  {
    category: 'task slots',
    turns: [['post about our new coffee roast on farcaster', task('farcaster_post', /coffee roast/)]],
  },
  {
    category: 'task slots',
    turns: [['i live in Lisbon'], ['build a website for my bakery', task('deploy_website', /Lisbon/)]],
  },
  {
    category: 'follow-ups',
    turns: [['write a javascript script that renames files'], ['and in python?', task('code_project', /python/)]],
  },
  {
    category: 'follow-ups',
    turns: [['draw a cat in space'], ['make it blue'], ['mint it', task('mint_art_nft', /cat in space, blue/)]],
  },
  { category: 'follow-ups', turns: [['what day is it'], ['what about tomorrow?', has(/tomorrow is/)]] },
  { category: 'follow-ups', turns: [['what is 12 times 3'], ['and times 2?', has(/72/)]] },
];

async function play(avatar: PersonaAvatar, messages: string[]) {
  const history: ChatTurn[] = [];
  let memory: DialogueMemory | undefined;
  const replies: ChatReply[] = [];
  for (const message of messages) {
    const reply = await composePersonaReply({ avatar, message, history: [...history], memory, now: NOW });
    memory = reply.memory;
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    replies.push(reply);
  }
  return replies;
}

/** Scores per category (checks passed over checks, three avatar types each) and the failures. */
export async function runLegacyDialogues(): Promise<{
  scores: Map<string, { passed: number; total: number }>;
  failures: string[];
}> {
  const scores = new Map<string, { passed: number; total: number }>();
  const failures: string[] = [];
  for (const avatar of AVATARS) {
    for (const d of DIALOGUES) {
      const replies = await play(
        avatar,
        d.turns.map(([m]) => m),
      );
      d.turns.forEach(([message, check], i) => {
        if (!check) return;
        const score = scores.get(d.category) ?? { passed: 0, total: 0 };
        score.total += 1;
        if (check(replies[i]!)) score.passed += 1;
        else failures.push(`[${avatar.agentType}] ${d.category}: "${message}" → "${replies[i]!.response}"`);
        scores.set(d.category, score);
      });
    }
  }
  return { scores, failures };
}
