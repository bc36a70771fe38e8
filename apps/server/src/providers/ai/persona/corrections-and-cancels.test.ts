import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';
import { switchMarker } from './topics';
import { fixTypos } from './typos';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 3,
  experiencePoints: 4_200,
  skills: [
    { name: 'Python', category: 'code', proficiency: 58 },
    { name: 'Gouache', category: 'art', proficiency: 44 },
  ],
  id: 371,
  name: 'Moth',
  agentType: 'CREATOR',
};

const action = (r: { taskSuggestion?: { action?: string } | null } | undefined) => r?.taskSuggestion?.action ?? null;
const prompt = (r: { taskSuggestion?: { prompt?: string } | null } | undefined) => r?.taskSuggestion?.prompt ?? '';

describe('a request cancelled inside the message it was made in', () => {
  it('does the request after the cancel, and keeps the cancelled one to come back to', async () => {
    const replies = await talk(AVATAR, [
      'paint me a lighthouse at dusk... nah scrap that, i need a script that renames my holiday photos by date',
      'ok now the lighthouse',
    ]);
    expect(action(replies[0])).toBe('code_project');
    expect(prompt(replies[0])).toMatch(/renam|photo/);
    expect(action(replies[1])).toBe('mint_art_nft');
    expect(replies[1]?.imagePrompt).toMatch(/lighthouse/);
  });

  it('"Actually, before that, …" puts the second request first', async () => {
    const replies = await talk(AVATAR, [
      'I would love a blog for my allotment. Actually, before that, could you write a post inviting the neighbours to our seed swap?',
      'Right, now the blog please.',
    ]);
    expect(action(replies[0])).toBe('farcaster_post');
    expect(prompt(replies[0])).toMatch(/seed swap|neighbour/);
    expect(action(replies[1])).toBe('deploy_website');
    expect(prompt(replies[1])).toMatch(/allotment/);
  });

  it('a cancel with no request before it forgets; it sets nothing aside', () => {
    expect(switchMarker('my locker code is 5512. wait that was silly, forget that number')).toBeNull();
    expect(switchMarker('draw a heron for me. oh and I think I left the oven on. Never mind.')).toBeNull();
  });
});

describe('a fact corrected inside the message that tells it', () => {
  it.each([
    ["I'm based in Porto, oh no sorry, since March I live in Braga", 'location', 'Braga'],
    ["My name's Sofia... no, sorry, that's my cousin. It's Sophie.", 'name', 'Sophie'],
    ['im a waiter, well was, from next week im a paramedic', 'occupation', 'paramedic'],
    ["I'm not from Cardiff, people assume that. I'm from Swansea.", 'location', 'Swansea'],
  ] as const)('%s → %s %s', (message, key, value) => {
    expect(String(extractFacts(message)[key])).toMatch(new RegExp(value));
  });
});

describe('facts said in shapes a list or a naming takes', () => {
  it('a pet named by "calling him" in the sentence that tells of it', () => {
    const facts = extractFacts('We brought the new puppy home; the kids settled on calling him Waffles.');
    expect(facts.pets).toEqual([{ kind: 'puppy', name: 'Waffles' }]);
  });

  it('being in a town that is no common noun is living there; being in love is not', () => {
    expect(extractFacts("I'm in Galway, for what it's worth.").location).toBe('Galway');
    expect(extractFacts("I'm in Love with this record, honestly.").location).toBeUndefined();
  });

  it('a bulleted introduction, one fact per line', () => {
    const facts = extractFacts('quick intro:\n- dom\n- from leicester\n- plumber\n- a tortoise called Sheldon');
    expect(facts).toMatchObject({ name: 'Dom', location: 'Leicester', occupation: 'plumber' });
    expect(facts.pets).toEqual([{ kind: 'tortoise', name: 'Sheldon' }]);
  });

  it('labels with arrows', () => {
    expect(extractFacts('About me:\n• name → Ines\n• city → Porto\n• pet → gecko Pip')).toMatchObject({
      name: 'Ines',
      location: 'Porto',
      pets: [{ kind: 'gecko', name: 'Pip' }],
    });
  });

  it('the dropped g of a working verb is read back', () => {
    expect(fixTypos('workin on a birdwatching app rn')).toBe('working on a birdwatching app rn');
  });
});

describe('work named in plain words', () => {
  it('a smart contract is a program, whatever it sells', async () => {
    const [reply] = await talk(AVATAR, ['could you write me a smart contract for a raffle at the village fete?']);
    expect(action(reply)).toBe('code_project');
    expect(prompt(reply)).toMatch(/raffle/);
  });

  it('a statement that names no work gets no task, however the classifier guessed', async () => {
    const [reply] = await talk(AVATAR, [
      "Quick update: the committee phoned this morning. They'd like me to chair next year's fair.",
    ]);
    expect(action(reply)).toBeNull();
  });
});

describe('feelings told by events and idioms', () => {
  it.each([
    'the marks came out this morning and I fell short by two points',
    'my nerves are getting the better of me before the recital',
    "card's maxed out and rent is due friday",
    'perfect timing, my car died on the way to the wedding 👏',
  ])('%s is bad news', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each(['they would like me to start in June!', "update: it's just a sprain, phew"])(
    '%s is good news',
    (message) => {
      expect(feelingOf(message).polarity).toBe('positive');
    },
  );

  it('"cool" said three times after a setback praises nothing', () => {
    const said = `the next train is at nine. the ceremony is at eight. ${'cool '.repeat(3).trim()}`;
    expect(feelingOf(said).polarity).toBe('neutral');
  });
});
