/**
 * Plays the dialogue set against the offline persona engine the way the chat service calls it:
 * each reply gets the last {@link EVAL_HISTORY_EXCHANGES} stored exchanges and the dialogue memory
 * the previous reply returned, so facts must live in memory, not in a window of history.
 */
import type { DialogueMemory } from '@app/domain/chat';
import { composePersonaReply } from '../../providers/ai/persona/persona-provider';
import type { ChatReply, ChatTurn, PersonaAvatar } from '../../providers/ai/types';
import { failures, voiceOf } from './checks';
import { type Dialogue, expandMessage, type Split, splitOf } from './dialogue-set';

/** Exchanges of history per request: what the chat service loads (chat-service.ts HISTORY_EXCHANGES). */
export const EVAL_HISTORY_EXCHANGES = 12;

/** "Now" for date questions, fixed so results do not change with the day. */
export const EVAL_NOW = new Date('2026-03-11T10:00:00Z');

const skill = (name: string, category: string, proficiency: number) => ({ name, category, proficiency });

/** The three avatars every dialogue is played with (one per type, SPEC §1). */
export const EVAL_AVATARS: PersonaAvatar[] = [
  {
    id: 501,
    name: 'Cipher',
    agentType: 'HACKER',
    description: 'Breaks things to learn how they work.',
    personalityTraits: ['precise', 'dry'],
    skills: [skill('Rust', 'technical', 62), skill('Solidity', 'technical', 48)],
    level: 4,
    experiencePoints: 8200,
  },
  {
    id: 502,
    name: 'Iris',
    agentType: 'CREATOR',
    description: 'Paints quiet landscapes and loud posters.',
    personalityTraits: ['gentle', 'curious'],
    skills: [skill('Watercolour', 'creative', 71), skill('Pixel Art', 'creative', 30)],
    level: 2,
    experiencePoints: 2900,
  },
  {
    id: 503,
    name: 'Blaze',
    agentType: 'HUSTLER',
    description: 'Turns side projects into launches.',
    personalityTraits: ['bold', 'restless'],
    skills: [skill('Growth Marketing', 'business', 77), skill('Copywriting', 'business', 55)],
    level: 6,
    experiencePoints: 14_100,
  },
];

/** One user turn as played. */
export interface PlayedTurn {
  message: string;
  reply: ChatReply;
  /** Why the reply fails the turn's expectation (empty when it passes or has none). */
  failed: string[];
  /** The turn carries an expectation. */
  checked: boolean;
}

/** One dialogue played with one avatar. */
export interface PlayedDialogue {
  dialogue: Dialogue;
  split: Split;
  avatar: PersonaAvatar;
  turns: PlayedTurn[];
}

/** Plays one dialogue with one avatar. */
export async function playDialogue(dialogue: Dialogue, avatar: PersonaAvatar): Promise<PlayedDialogue> {
  const history: ChatTurn[] = [];
  let memory: DialogueMemory | undefined;
  const turns: PlayedTurn[] = [];
  let previous: string | null = null;
  for (const [raw, expect] of dialogue.turns) {
    const message = expandMessage(raw);
    const reply = await composePersonaReply({
      avatar,
      message,
      history: history.slice(-2 * EVAL_HISTORY_EXCHANGES),
      memory,
      now: EVAL_NOW,
    });
    if (reply.memory) memory = reply.memory;
    const failed = expect ? failures(expect, { avatar, reply, previousReply: previous }) : [];
    turns.push({ message, reply, failed, checked: Boolean(expect) });
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    previous = reply.response;
  }
  return { dialogue, split: splitOf(dialogue.id), avatar, turns };
}

/** Score of one category on one split: expectations passed over expectations checked. */
export interface Score {
  passed: number;
  total: number;
}

/** Results of the whole set. */
export interface SetResult {
  played: PlayedDialogue[];
  /** scores[split][category]; `distinct` counts once per turn over the three avatars. */
  scores: Record<Split, Map<string, Score>>;
}

function add(scores: Map<string, Score>, category: string, ok: boolean) {
  const s = scores.get(category) ?? { passed: 0, total: 0 };
  s.total += 1;
  if (ok) s.passed += 1;
  scores.set(category, s);
}

/**
 * Plays every dialogue with every avatar and scores it. A turn with `distinct` passes for an
 * avatar only when its reply (own name blanked) differs from the other two types' replies.
 */
export async function runDialogueSet(dialogues: readonly Dialogue[]): Promise<SetResult> {
  const played: PlayedDialogue[] = [];
  const scores: SetResult['scores'] = { dev: new Map(), test: new Map() };
  for (const dialogue of dialogues) {
    const runs: PlayedDialogue[] = [];
    for (const avatar of EVAL_AVATARS) runs.push(await playDialogue(dialogue, avatar));
    dialogue.turns.forEach(([, expect], i) => {
      if (!expect?.distinct) return;
      const voices = runs.map((r) => voiceOf(r.turns[i]!.reply.response, r.avatar));
      runs.forEach((r, k) => {
        if (voices.some((v, j) => j !== k && v === voices[k])) r.turns[i]!.failed.push('same words as another type');
      });
    });
    for (const run of runs) {
      for (const t of run.turns) if (t.checked) add(scores[run.split], dialogue.category, t.failed.length === 0);
      played.push(run);
    }
  }
  return { played, scores };
}
