/**
 * Facts said in passing in shapes earlier rounds missed, on sentences written for these tests (not
 * from any dialogue set or probe batch): a dated plan with no subject ("viva on the 9th of July"),
 * a dated clause beside one about the past, and someone's own forgetting told as news, which asks
 * the avatar to forget nothing; a home told by how long one has been there, a job with no article or
 * no subject, a name after "its" in a greeting typed in lower case, and a project named, then
 * described ("Quillbox, a notes app I'm making").
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';
import { asksToForget } from './topics';

const avatar: PersonaAvatar = {
  id: 92,
  name: 'Tern',
  agentType: 'HUSTLER',
  description: 'Sells maps to lost sailors.',
  personalityTraits: ['brisk'],
  skills: [{ name: 'Pitching', category: 'business', proficiency: 50 }],
  level: 3,
  experiencePoints: 4000,
};

describe('plans told with no subject, or beside the past', () => {
  it.each([
    ['viva on the 9th of July 😅 then sleep', /your viva on the 9th of July/],
    ['argh, piano recital on Saturday, hands already shaking', /your piano recital on Saturday/],
    ['flying out to Oslo in June, first time abroad', /you're flying out to Oslo in June/],
    [
      "our housewarming is on the 2nd of May, and I've already bought too many crisps",
      /housewarming is on the 2nd of May/,
    ],
  ])('%s', (message, plan) => {
    expect(extractFacts(message).plans?.[0]).toMatch(plan);
  });

  it.each([
    'the match on Sunday was a washout',
    'he is driving to Leeds on Monday',
    'dinner with Ali on Friday was great',
  ])('keeps no plan of the writer in "%s"', (message) => {
    expect(extractFacts(message).plans).toBeUndefined();
  });
});

describe('forgetting told as news', () => {
  it.each([
    ['my mum always forgets my birthday', false],
    ['I keep meaning to ring her and I always forget', false],
    ["we'll probably forget the tickets", false],
    ['can you forget my birthday', true],
    ['please delete where I live', true],
  ])('%s', (message, asks) => {
    expect(asksToForget(message)).toBe(asks);
  });

  it('keeps a date told beside "I always forget …"', async () => {
    const replies = await talk(avatar, [
      'my mum’s birthday is on the 8th of March and I always forget to post the card',
      'when is my mum’s birthday?',
    ]);
    expect(JSON.stringify(replies[0]?.memory?.facts)).toMatch(/8th of March/);
    expect(replies[1]?.response).toMatch(/8th of March/);
  });
});

describe('home, job and name in more shapes', () => {
  it.each([
    ["I've been in Tromsø for nearly ten years and still hate the dark", { location: 'Tromsø' }],
    ["I'm in Galway, been here since 2015, love it", { location: 'Galway' }],
    ['hello from cold and windy Wellington', { location: 'Wellington' }],
    ['Aoife here, living out in Sligo with two dogs', { location: 'Sligo' }],
    ['i live in dundee lol, the sunny side', { location: 'Dundee' }],
    ['Status report: still a lighthouse keeper, still no visitors', { occupation: 'lighthouse keeper' }],
    ['btw im a tree surgeon', { occupation: 'tree surgeon' }],
    ['I am bridge engineer. I live in Split.', { occupation: 'bridge engineer' }],
    ['Ravi here, maths tutor, based in Pune', { name: 'Ravi', occupation: 'maths tutor' }],
    ['I teach secondary school physics and coach netball', { occupation: 'secondary school physics teacher' }],
    ['hiya its marek, quick question about fonts', { name: 'Marek' }],
    ['about me: name’s Ilse, 40, from Ghent', { name: 'Ilse' }],
    ['on second thoughts, use my full name, Bartholomew', { name: 'Bartholomew' }],
  ])('%s', (message, facts) => {
    expect(extractFacts(message)).toMatchObject(facts);
  });

  it.each([
    ["I've been in Lisbon for three days, flying home Sunday", 'location'],
    ["I'm in Madrid, been here a week on business", 'location'],
    ['my cousin, chemistry teacher, lives nearby', 'occupation'],
    ['hey its snowing again', 'name'],
  ] as const)('keeps no %s in "%s"', (message, key) => {
    expect(extractFacts(message)[key]).toBeUndefined();
  });
});

describe('a project named, then described', () => {
  it.each([
    [
      "spent the weekend on Hollowmere, a small puzzle game I'm making with my brother",
      /^Hollowmere, a small puzzle game/,
    ],
    ["what eats my mornings is Fernlog, it's a podcast about old gardens", /^Fernlog, a podcast about old gardens/],
    ["I'm working on Saltmarsh (my second novel) most evenings", /^Saltmarsh, your second novel/],
    ['working on the shed roof again tonight', /^the shed roof$/],
  ])('%s', (message, project) => {
    expect(extractFacts(message).workingOn).toMatch(project);
  });

  it('names no project of the writer in a description of someone else’s', () => {
    expect(extractFacts('Duolingo, a language app, keeps nagging').workingOn).toBeUndefined();
  });

  it('recalls a side project by that name', async () => {
    const replies = await talk(avatar, [
      "most nights I'm on Brightline, a tiny budgeting app I'm building for my mum",
      'any tips for staying motivated?',
      "what's my side project called?",
    ]);
    expect(replies[2]?.response).toMatch(/Brightline/);
  });
});

describe('a liking said of a pastime by a pronoun', () => {
  it.each([
    ['on Sundays I do pottery, honestly it is the highlight of my week', ['pottery']],
    ['just home from fencing practice, knees are gone but I love it', ['fencing']],
    ['bouldering is my happy place, I go twice a week', ['bouldering']],
  ])('%s', (message, likes) => {
    expect(extractFacts(message).likes).toEqual(likes);
  });

  it.each(['back from the dentist, I love it when it is over', 'I go to the gym and hate it'])(
    'keeps no liking in "%s"',
    (message) => {
      expect(extractFacts(message).likes).toBeUndefined();
    },
  );
});

describe('a name after "just" and a job the role lists miss', () => {
  it.each([
    ['the receptionist keeps calling me Mr Tanaka, I am simply Haruto', 'name', 'Haruto'],
    ['lol everyone says haruto-kun but im just haruto', 'name', 'Haruto'],
    ['my manager wants the dashboard by Friday (im a systems analyst there)', 'occupation', 'systems analyst'],
    ["I'm a management trainee, first month", 'occupation', 'management trainee'],
    ['I am tax secretary in a small office', 'occupation', 'tax secretary'],
  ])('"%s" keeps %s %s', (said, key, value) => {
    expect(extractFacts(said)[key as 'name' | 'occupation']).toBe(value);
  });

  it.each(["I'm just exhausted", "I'm only human", "I'm a bit sensitive about it"])(
    '"%s" keeps no name or job',
    (said) => {
      const facts = extractFacts(said);
      expect(facts.name).toBeUndefined();
      expect(facts.occupation).toBeUndefined();
    },
  );
});
