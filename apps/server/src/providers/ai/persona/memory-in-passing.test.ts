import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';
import { fixTypos } from './typos';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 5,
  experiencePoints: 9_000,
  skills: [],
  id: 64,
  name: 'Quill',
  agentType: 'HACKER',
};

/** Facts as the engine reads them: after the typing fixes, as the chat does. */
const factsOf = (message: string) => extractFacts(fixTypos(message));

describe('work said by its verb', () => {
  it.each([
    ['i bartend most weekends and my feet hate me', /bartender/],
    ['I nurse at the children’s hospital on nights', /nurse/],
    ['i do nails from my flat, mostly gel sets', /nail technician/],
    ['I drive a taxi round Cork', /taxi driver/],
  ])('%s', (message, job) => {
    expect(factsOf(message).occupation).toMatch(job);
  });

  it('"I nurse my grudges" and "I drive the kids to school" name no job', () => {
    expect(factsOf('honestly I nurse my grudges for years').occupation).toBeUndefined();
    expect(factsOf('I drive the kids to school at eight').occupation).toBeUndefined();
  });

  it('a later sentence that tells the work now replaces the first', () => {
    const facts = factsOf(
      'For the record, I am an accountant. Well, not any more: I left the firm in May and now I teach yoga part-time.',
    );
    expect(facts.occupation).toBe('yoga teacher');
  });
});

describe('places, likes and projects said in passing', () => {
  it.each([
    ['any cheap date ideas? (we’re all in cardiff btw so think rain)', 'Cardiff'],
    ['bit tired today, im in liverpool rn for the week', 'Liverpool'],
    ['im jo, i do tattoos in leeds', 'Leeds'],
    ['I myself am Agnes, a retired midwife living in Harrogate.', 'Harrogate'],
  ])('%s → %s', (message, place) => {
    expect(factsOf(message).location).toBe(place);
  });

  it('"I work in hr" names no place', () => {
    expect(factsOf('i work in hr and hate mondays').location).toBeUndefined();
  });

  it('likes said with "fond of" and "obsessed w", cut before the next clause', () => {
    expect(factsOf('I am rather fond of opera, if I am honest.').likes).toEqual(['opera']);
    expect(factsOf('obsessed w sudoku and now i play it on the bus').likes).toEqual(['sudoku']);
  });

  it('a project told with "have been working on" or "now I write", cut before "and i …"', () => {
    expect(factsOf('I have been working on a guide to the canals of Birmingham.').workingOn).toMatch(/canals/);
    expect(factsOf('now I write a small phrasebook for travellers 📘').workingOn).toBe(
      'a small phrasebook for travellers',
    );
    expect(factsOf('rn im building a habit tracker for my mum and tbh im hooked on podcasts').workingOn).toBe(
      'a habit tracker for your mum',
    );
  });

  it('a labelled list without colons', () => {
    const facts = factsOf('Hello! About me: name Mirela 🇷🇴, city Cluj, profession florist 💐, I love tango.');
    expect(facts).toMatchObject({ name: 'Mirela', location: 'Cluj', occupation: 'florist' });
  });

  it('an intro list in lower case: where one lives is no job, and the work is kept', () => {
    const facts = factsOf('intro: im bea, 29, live in bristol, work in marketing, into climbing');
    expect(facts.location).toBe('Bristol');
    expect(facts.occupation).toMatch(/marketing/);
  });
});

describe('recall and forgetting in other words', () => {
  it('"you remember how I am called?" asks the name', async () => {
    const replies = await talk(AVATAR, ['hello, me I am Bogdan, from Iasi', 'you remember how I am called?']);
    expect(replies[1]?.response).toMatch(/Bogdan/);
  });

  it('"say me everything you remember" lists what was told', async () => {
    const replies = await talk(AVATAR, [
      'my name is Ana and I live in Porto',
      'Please say me all you remember about me',
    ]);
    expect(replies[1]?.response).toMatch(/Ana/);
    expect(replies[1]?.response).toMatch(/Porto/);
  });

  it('"forget X but remember my name and my dog" keeps the name and the dog', async () => {
    const replies = await talk(AVATAR, [
      'I am Kenji, my dog is called Mochi, and I love singing in the shower',
      'please forget about the singing, but remember my name and my dog',
    ]);
    const facts = replies[1]?.memory?.facts;
    expect(facts?.name).toBe('Kenji');
    expect(JSON.stringify(facts?.pets)).toMatch(/Mochi/);
    expect(facts?.likes ?? []).toEqual([]);
  });

  it('forgetting the job forgets the workplace told with it', async () => {
    const replies = await talk(AVATAR, [
      'im lou, i work at a dental practice and i live in hove',
      'pls forget my job, keep the rest',
      'what do u know about me',
    ]);
    expect(replies[2]?.response).toMatch(/Hove/);
    expect(replies[2]?.response).not.toMatch(/dental/);
  });
});

describe('blind batch 35 kinds: names, pets and places told another way', () => {
  it('a pet named by a pronoun in the next message', async () => {
    const replies = await talk(AVATAR, [
      'We took in an old tortoise from a neighbour who moved away.',
      'She is called Duchess and she eats only dandelions.',
      "What's my tortoise called?",
    ]);
    expect(JSON.stringify(replies[1]?.memory?.facts.pets)).toMatch(/Duchess/);
    expect(replies[2]?.response).toMatch(/Duchess/);
  });

  it('"what is my dog called?" after a dog was told names nothing new', async () => {
    const replies = await talk(AVATAR, ['I have a collie', "what's my dog called?"]);
    expect(replies[1]?.memory?.facts.pets ?? []).toEqual([]);
  });

  it('the name one goes by, after the one refused', () => {
    expect(factsOf('hey im bartholomew but honestly nobody calls me that, its bart').name).toBe('Bart');
  });

  it('"how you will call me?" asks the name', async () => {
    const replies = await talk(AVATAR, ['please call me just Mina', 'How you will call me?']);
    expect(replies[1]?.response).toMatch(/Mina/);
  });

  it('"not a plumber, an electrician" mends the job, in lower case', async () => {
    const replies = await talk(AVATAR, ['im a plumber fyi', 'oops no not a plumber, an electrician lol']);
    expect(replies[1]?.memory?.facts.occupation).toBe('electrician');
  });

  it.each([
    ['I repair bikes in a shed behind the station', 'bike mechanic'],
    ['i fix laptops for people in my street', 'laptop repairer'],
  ])('%s → %s', (message, job) => {
    expect(factsOf(message).occupation).toBe(job);
  });

  it.each([
    ['my neighbour here in bristol KEEPS parking on my drive', 'Bristol'],
    ['Two weeks ago I move to new flat in Gdansk, very small', 'Gdansk'],
  ])('%s → %s', (message, place) => {
    expect(factsOf(message).location).toBe(place);
  });
});

describe('words of time in a recall question and text-speak requests', () => {
  it('"so far" ending a question about me asks for everything', async () => {
    const replies = await talk(AVATAR, [
      'I am Wilhelmina and I live in Utrecht.',
      'I keep bees, which are far calmer than my neighbours.',
      'Remind me what you have on me so far.',
    ]);
    expect(replies[2]?.response).toMatch(/Wilhelmina/);
    expect(replies[2]?.response).toMatch(/Utrecht/);
  });

  it('"cn u rite a lil code 2 count wrds" asks for code', async () => {
    const [reply] = await talk(AVATAR, ['hey cn u rite a lil code 2 count wrds in my thesis thx']);
    expect(reply?.taskSuggestion?.action).toBe('code_project');
    expect(reply?.taskSuggestion?.prompt).toMatch(/words/);
  });
});

describe('blind batch 36 kinds', () => {
  it.each([
    ['I am work as cook in small hotel, early shift', 'occupation', /cook/],
    [
      'also been building a tiny weather app for my dad in my free time, its very basic',
      'workingOn',
      /^"a tiny weather app for your dad"$/,
    ],
    ['i rly like climbing n old films', 'likes', /old films/],
    ['I teach weekend classes at the community hall', 'occupation', /^"teacher"$/],
  ] as const)('%s', (message, key, want) => {
    expect(JSON.stringify(factsOf(message)[key])).toMatch(want);
  });

  it('"Sorry! Actually is Valencia, not Seville" mends the place', async () => {
    const replies = await talk(AVATAR, [
      'I live in Seville',
      'Sorry! Actually is Valencia, not Seville. Seville is my sister.',
    ]);
    expect(replies[1]?.memory?.facts.location).toBe('Valencia');
  });

  it('news told right after a program was asked is no addition to it', async () => {
    const replies = await talk(AVATAR, [
      'Could you write me a script that backs up my photos every night?',
      'Forgive me, I just got a call: my brother has been taken to hospital. I am shaking.',
    ]);
    expect(replies[1]?.taskSuggestion).toBeFalsy();
  });

  it('"draw one wearing …" after a liking draws one of the thing liked', async () => {
    const replies = await talk(AVATAR, [
      'my niece is obsessed w otters lol',
      'could u draw one holding a tiny umbrella?',
    ]);
    expect(replies[1]?.imagePrompt).toMatch(/^an otter holding a tiny umbrella/);
  });

  it('a post asked after an event told in the same message is about that event', async () => {
    const replies = await talk(AVATAR, [
      'hi, I am Ama and I live in Kumasi',
      'We are running a spelling bee for children at the library, can you write a post to invite families?',
    ]);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/spelling bee/);
  });
});

describe('a site asked because people look for it online', () => {
  it('carries the business told the turn before', async () => {
    const replies = await talk(AVATAR, [
      'my sister and I run a juice stall in Leeds market, it is called Squeeze Me',
      'customers keep asking if we have a website... we do not lol, could you sort that?',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Squeeze Me/);
  });
});
