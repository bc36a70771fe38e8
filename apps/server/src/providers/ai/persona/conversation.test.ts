import type { DialogueMemory } from '@app/domain/chat';
import { describe, expect, it } from 'vitest';
import type { ChatReply, ChatTurn, PersonaAvatar } from '../types';
import { calculate } from './calc';
import { extractFacts } from './facts';
import { composePersonaReply } from './persona-provider';
import { extractTaskSlots } from './slots';

const base = { description: null, personalityTraits: [], skills: [], level: 1, experiencePoints: 0 };
const HACKER: PersonaAvatar = { ...base, id: 1, name: 'Zero', agentType: 'HACKER' };
const CREATOR: PersonaAvatar = { ...base, id: 2, name: 'Luma', agentType: 'CREATOR' };
const HUSTLER: PersonaAvatar = { ...base, id: 3, name: 'Max', agentType: 'HUSTLER' };
const NOW = new Date('2026-11-24T10:00:00Z');

/** Plays messages as separate requests, carrying only what the server stores (history + memory). */
async function talk(avatar: PersonaAvatar, messages: string[], memory?: DialogueMemory) {
  const history: ChatTurn[] = [];
  const replies: ChatReply[] = [];
  let mem = memory;
  for (const message of messages) {
    const reply = await composePersonaReply({ avatar, message, history: [...history], memory: mem, now: NOW });
    mem = reply.memory;
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    replies.push(reply);
  }
  return { replies, memory: mem, last: replies[replies.length - 1]! };
}

describe('memory', () => {
  it('remembers a name and a city across requests, and in a new conversation', async () => {
    const first = await talk(CREATOR, ['my name is Priya', 'i live in Lisbon']);
    expect(first.memory?.facts).toMatchObject({ name: 'Priya', location: 'Lisbon' });
    // A later conversation: no history, only the stored memory.
    const later = await talk(CREATOR, ["what's my name?"], first.memory);
    expect(later.last.response).toContain('Priya');
    const where = await talk(CREATOR, ['where do i live?'], first.memory);
    expect(where.last.response).toContain('Lisbon');
  });

  it('answers every fact a question asks for ("my name and where I live"), in each voice', async () => {
    for (const avatar of [HACKER, CREATOR, HUSTLER]) {
      const told = await talk(avatar, ['hi, my name is Priya and I live in Lisbon']);
      const asked = await talk(avatar, ["what's my name and where do I live?"], told.memory);
      expect(asked.last.response, avatar.agentType).toContain('Priya');
      expect(asked.last.response, avatar.agentType).toContain('Lisbon');
    }
  });

  it('a fresh avatar does not claim a skill it has not trained (the page says "No skills trained yet")', async () => {
    for (const avatar of [HACKER, CREATOR, HUSTLER]) {
      for (const q of ['what can you do for me?', 'who are you?', 'list your skills']) {
        const { last } = await talk(avatar, [q]);
        expect(last.response, `${avatar.agentType}: ${q}`).not.toMatch(/in training/i);
      }
    }
  });

  it('says so when it does not know', async () => {
    const { last } = await talk(HACKER, ['what is my name']);
    expect(last.response).not.toMatch(/your name is/i);
    expect(last.response).toMatch(/told me|no record|nothing/i);
  });

  it('"forget that" resets the topic; "forget my name" drops the name', async () => {
    const art = await talk(CREATOR, ['my name is Ana', 'draw a red fox in the snow', 'forget that']);
    expect(art.memory?.topic).toBeNull();
    expect(art.memory?.lastTask).toBeNull();
    expect(art.memory?.facts.name).toBe('Ana');
    const gone = await talk(CREATOR, ['forget my name'], art.memory);
    expect(gone.memory?.facts.name).toBeUndefined();
  });

  it('a new topic does not inherit the old subject', async () => {
    const { replies } = await talk(HACKER, ['build a site for my bakery', 'write a cast about our hackathon win']);
    expect(replies[1]!.response).not.toContain('bakery');
    expect(replies[1]!.response).toContain('hackathon');
  });

  it('"mint that one" mints the piece just discussed, not the sentence', async () => {
    const { last } = await talk(CREATOR, ['draw a snowy mountain at dawn', 'nice, mint that one']);
    expect(last.intent).toBe('mint_nft');
    expect(last.taskSuggestion?.prompt).toBe('a snowy mountain at dawn');
    expect(last.imagePrompt).toBe('a snowy mountain at dawn');
  });

  it('keeps the referent beyond 8 exchanges through the stored state', async () => {
    const chatter = Array.from({ length: 10 }, (_, i) => `tell me a joke number ${i}`);
    const { memory } = await talk(CREATOR, ['draw a lighthouse in a storm', ...chatter]);
    const later = await talk(CREATOR, ['mint it'], memory);
    expect(later.last.taskSuggestion?.prompt).toBe('a lighthouse in a storm');
  });
});

describe('conversational range', () => {
  it('answers feelings with empathy, not a task pitch', async () => {
    for (const avatar of [HACKER, CREATOR, HUSTLER]) {
      const { last } = await talk(avatar, ['i feel really sad and lonely today']);
      expect(last.taskSuggestion).toBeNull();
      expect(last.response.toLowerCase()).toMatch(/sorry|rough|hard|tough|heavy|here/);
    }
  });

  it('is honest about world facts offline', async () => {
    const { last } = await talk(HUSTLER, ['who won the world cup in 2010?']);
    expect(last.response).toMatch(/can't look that up offline/i);
    expect(last.response).toMatch(/connect a model in settings/i);
    expect(last.response).toContain('who won the world cup in 2010');
    expect(last.taskSuggestion).toBeNull();
  });

  it('computes maths and dates', async () => {
    expect((await talk(HACKER, ['what is 12 times 8'])).last.response).toContain('96');
    expect((await talk(CREATOR, ['2+2*3'])).last.response).toContain('8');
    expect((await talk(HUSTLER, ['how many days until christmas'])).last.response).toContain('31 days');
    expect(calculate('what is 1e999 * 9').ok).toBe(false);
  });

  it('thanks, goodbye and who-are-you differ per type, and never repeat the last reply', async () => {
    for (const message of ['thanks a lot', 'who are you', 'tell me a joke']) {
      const replies = await Promise.all([HACKER, CREATOR, HUSTLER].map((a) => talk(a, ['hi', message])));
      expect(new Set(replies.map((r) => r.last.response)).size).toBe(3);
    }
    const { replies } = await talk(CREATOR, ['thanks', 'thanks', 'thanks', 'thanks']);
    for (let i = 1; i < replies.length; i++) expect(replies[i]!.response).not.toBe(replies[i - 1]!.response);
  });

  it('notes other languages', async () => {
    const { last } = await talk(CREATOR, ['bonjour, je voudrais savoir comment tu vas aujourd’hui']);
    expect(last.response).toMatch(/English/);
  });
});

describe('slots', () => {
  it('reads name, place, sections, tone, language and colours', () => {
    const s = extractTaskSlots("make a site for Luna's Bakery in Lisbon with a menu and contact section, warm tone");
    expect(s).toMatchObject({
      name: "Luna's Bakery",
      place: 'Lisbon',
      sections: ['menu', 'contact'],
      tone: 'friendly',
    });
    expect(extractTaskSlots('write a python script that renames photos').language).toBe('python');
    expect(extractTaskSlots('code a todo app in rust').language).toBe('rust');
    expect(extractTaskSlots('make a go cli for habits').language).toBe('go');
    expect(extractTaskSlots('draw a red fox with gold').colours).toEqual(['#e53935', '#ffd700']);
  });

  it('a code request in a language becomes a code project', async () => {
    const { last } = await talk(HACKER, ['write a python script that renames photos']);
    expect(last.taskSuggestion?.action).toBe('code_project');
    expect(last.taskSuggestion?.prompt).toContain('python');
  });

  it('facts: name, place, likes, work', () => {
    expect(extractFacts("i'm from lisbon and i like jazz")).toEqual({ location: 'Lisbon', likes: ['jazz'] });
    expect(extractFacts('call me jordan')).toEqual({ name: 'Jordan' });
    expect(extractFacts("i'm working on a music app")).toEqual({ workingOn: 'a music app' });
    expect(extractFacts("i'm a bit tired")).toEqual({});
  });
});
