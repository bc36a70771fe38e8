import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';
import { fixTypos } from './typos';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 4,
  experiencePoints: 7_300,
  skills: [
    { name: 'Go', category: 'code', proficiency: 57 },
    { name: 'Linocut', category: 'art', proficiency: 49 },
  ],
  id: 381,
  name: 'Rivet',
  agentType: 'HACKER',
};

const action = (r: { taskSuggestion?: { action?: string } | null } | undefined) => r?.taskSuggestion?.action ?? null;
const prompt = (r: { taskSuggestion?: { prompt?: string } | null } | undefined) => r?.taskSuggestion?.prompt ?? '';

describe('facts in other languages and other shapes', () => {
  it.each([
    ['ciao sono Marta, vivo a Bologna and i teach yoga', { name: 'Marta', location: 'Bologna' }],
    ["Je m'appelle Lucien, I restore old clocks", { name: 'Lucien' }],
    ['about me: 1) cardiff 2) nurse 3) into bouldering', { location: 'Cardiff', occupation: 'nurse' }],
    ['📍 Lyon, baker by trade', { location: 'Lyon' }],
  ] as const)('%s', (message, facts) => {
    expect(extractFacts(message)).toMatchObject(facts);
  });

  it('a foreign "I am" before a noun is no name', () => {
    expect(extractFacts('ich bin Lehrer in a small town').name).toBeUndefined();
  });

  it('leetspeak is read as letters; numbers and model names stay', () => {
    expect(fixTypos('c4n y0u m4k3 4 p0st f0r my g1g')).toBe('can you make a post for my gig');
    expect(fixTypos('my mp3 player and a 4k screen')).toBe('my mp3 player and a 4k screen');
  });
});

describe('requests beside live words, resumes with changes', () => {
  it('a post about new opening days is a post, not a question about opening hours', async () => {
    const [reply] = await talk(AVATAR, ['Could you write a post saying our cafe now opens on Mondays?']);
    expect(action(reply)).toBe('farcaster_post');
    expect(prompt(reply)).toMatch(/monday/i);
  });

  it('a flight time is live data, whatever the tagger makes of "Flight"', async () => {
    const [reply] = await talk(AVATAR, ['Flight BA 117 landing time now? My aunt arrives today']);
    expect(action(reply)).toBeNull();
    expect(reply?.response).toMatch(/offline|can['’]t/i);
  });

  it('a change said when the draft is picked up again goes into it', async () => {
    const replies = await talk(AVATAR, [
      'build me a site for my pottery classes',
      'what glaze is best for mugs btw?',
      'anyway make the site terracotta and cream',
    ]);
    expect(action(replies[2])).toBe('deploy_website');
    expect(prompt(replies[2])).toMatch(/pottery/);
    expect(prompt(replies[2])).toMatch(/terracotta/);
  });

  it('"back 2 the …" resumes, and "better a …" asks for one', async () => {
    const replies = await talk(AVATAR, [
      'write me a script that renames my scans by date',
      'what is a good scanner for film?',
      'ok back 2 the script',
      'hmm no, better a website for my film lab',
    ]);
    expect(action(replies[2])).toBe('code_project');
    expect(prompt(replies[2])).toMatch(/scan/);
    expect(action(replies[3])).toBe('deploy_website');
  });
});

describe('what the user was not told, and names said in lower case', () => {
  it('the outcome of an audition is not known until told', async () => {
    const replies = await talk(AVATAR, ['had my audition for the choir tonight', 'did I get the part?']);
    expect(replies[1]?.response).toMatch(/haven['’]t|don['’]t know|not sure|no record|nothing on/i);
  });

  it('a name typed in lower case right after the tie is the name', async () => {
    const replies = await talk(AVATAR, [
      'my daughter isla starts nursery on monday, bit emotional',
      "what's my daughter called?",
    ]);
    expect(replies[1]?.response).toMatch(/isla/i);
  });
});

describe('news told by events, and facts that belong to someone else', () => {
  it.each([
    ['we came home to find the back door kicked in and the telly gone', 'negative'],
    ['dad looked straight at me today and asked if I was the man from the council', 'negative'],
    ['relegated on the last day, absolutely gutted', 'negative'],
    ['the drummer bailed two days before the gig', 'negative'],
    ['after three years of trying I finally beat my brother at squash', 'positive'],
    ['we got hammered in the semi final', 'negative'],
    ['the other bidders pulled out and the landlord accepted our offer!', 'positive'],
  ] as const)('%s is %s', (message, polarity) => {
    expect(feelingOf(message).polarity).toBe(polarity);
  });

  it.each([
    'my cousin just moved to Belfast for work',
    "my aunt's lodger has a parrot called Biscuit",
    'the neighbours greyhound Pip got out again',
  ])('%s tells nothing of the writer', (message) => {
    const facts = extractFacts(message);
    expect(facts.location).toBeUndefined();
    expect(facts.pets).toBeUndefined();
  });

  it('a move or a pet shared with the writer is theirs', () => {
    expect(extractFacts('my partner and I moved to Belfast in May').location).toBe('Belfast');
    expect(extractFacts('my son and I got a parrot called Biscuit').pets).toEqual([
      { kind: 'parrot', name: 'Biscuit' },
    ]);
  });
});
