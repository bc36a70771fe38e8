/**
 * The user's people and things as keyed facts, recall by retrieval from what the user said, and
 * corrections, forgetting, "what did I just ask" and identity questions read by their structure —
 * on sentences written for these tests (not from any dialogue set or probe batch).
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { correctedFacts } from './fact-corrections';
import { forgetFacts, forgetScope } from './fact-questions';
import { extractFacts } from './facts';
import { identityAspects } from './identity';
import { parse } from './parse';
import { recallByRetrieval, restate } from './recall';
import { aboutFactsOf } from './relations';
import { rememberStatement, statementOf } from './statements';
import { talk } from './talk.test-helper';
import { asksLastTurn } from './topics';
import { sameThing } from './word-match';

const avatar: PersonaAvatar = {
  id: 77,
  name: 'Quill',
  agentType: 'CREATOR',
  description: 'Draws maps of places that do not exist.',
  personalityTraits: ['warm'],
  skills: [{ name: 'Ink Drawing', category: 'creative', proficiency: 58 }],
  level: 3,
  experiencePoints: 4100,
};

const about = (text: string) => aboutFactsOf(parse(text).sentences[0]!, (w) => /^(?:cat|dog)$/.test(w));

describe('keyed facts about the user’s people and things', () => {
  it.each([
    ['my aunt is called Marguerite and she knits', 'aunt', 'called Marguerite'],
    ["my nephew's called Ossian", 'nephew', 'called Ossian'],
    ['my van is named Clementine', 'van', 'called Clementine'],
    ["my stepdad's name is Gareth", 'stepdad', 'called Gareth'],
    ['my flatmate Ingrid keeps stealing my oat milk', 'flatmate', 'called Ingrid'],
    ['Yusuf, my oldest mate, is visiting', 'oldest mate', 'called Yusuf'],
    ['my guitar is a sunburst Telecaster from 1978', 'guitar', 'a sunburst Telecaster from 1978'],
    ['my mentor is Dr Okafor', 'mentor', 'Dr Okafor'],
    ['my housemate is called wren', 'housemate', 'called Wren'],
  ])('%s', (text, key, value) => {
    expect(about(text)).toContainEqual({ key, value });
  });

  it('reads "I have a … named …"', () => {
    expect(extractFacts("I've got a twin sister named Orla").about).toEqual([
      { key: 'twin sister', value: 'called Orla' },
    ]);
  });

  it('keeps states, pets and the user’s own name out', () => {
    expect(about('my knee is killing me')).toEqual([]);
    expect(about('my shoulder is sore again')).toEqual([]);
    expect(about('my cat is called Pudding')).toEqual([]);
    expect(extractFacts('my name is Ottilie').about).toBeUndefined();
  });

  it('a later value for the same key replaces the earlier one', async () => {
    const replies = await talk(avatar, [
      'my godson is called Lorcan',
      'sorry — my godson’s name is Lorcán',
      'what is my godson called?',
    ]);
    expect(replies[2]!.response).toMatch(/Lorcán/);
    expect(JSON.stringify(replies[2]!.memory?.facts)).not.toMatch(/Lorcan\b/);
  });
});

describe('word matching for recall', () => {
  it.each([
    ['gran', 'grandmother', true],
    ['kids', 'daughter', true],
    ['family', 'nephew', true],
    ['partner', 'husband', true],
    ['allergy', 'allergic', true],
    ['lives', 'live', true],
    ['sister', 'brother', false],
    ['film', 'food', false],
  ])('%s / %s → %s', (a, b, same) => {
    expect(sameThing(a, b)).toBe(same);
  });
});

describe('recall by retrieval', () => {
  it('hears a statement whose verb comes after its subject, not a question to answer from memory', async () => {
    const [told] = await talk(avatar, ['my nephew is named Tobias and my bike is a rusty old Raleigh']);
    expect(told!.response).toMatch(/Tobias/);
    expect(told!.response).not.toMatch(/not told|haven't told|don't know that|nothing on that|tell me and/i);
    const [said] = await talk(avatar, ['my landlady was called Mrs Pike, and she hated my drum kit']);
    expect(said!.response).not.toMatch(/not told|haven't told|don't know that|nothing on that|tell me and/i);
  });

  it('keeps statements about the user, not questions, bounded', () => {
    expect(statementOf('what time is it in Lima?')).toBeNull();
    expect(statementOf('I sprained my wrist climbing. can you draw a lighthouse?')).toBe(
      'I sprained my wrist climbing.',
    );
    expect(statementOf(`I ${'really '.repeat(80)}like oats`)!.length).toBeLessThanOrEqual(240);
    const notes = Array.from({ length: 30 }, (_, i) => `I walked ${i} miles today`).reduce(
      rememberStatement,
      [] as string[],
    );
    expect(notes).toHaveLength(24);
  });

  it('restates in the second person', () => {
    expect(restate("I'm scared of my neighbour's goose")).toBe("you're scared of your neighbour's goose");
    expect(restate('anyway I was born in a lighthouse')).toBe('you were born in a lighthouse');
  });

  it('finds a keyed fact, a statement, or nothing', () => {
    const memory = {
      facts: { about: [{ key: 'uncle', value: 'called Desmond' }] },
      notes: ['I twisted my ankle at the climbing wall on Tuesday', 'my uncle Desmond restores clocks in Whitby'],
    };
    expect(recallByRetrieval("what's my uncle called?", memory)).toBe('your uncle is called Desmond');
    expect(recallByRetrieval('where does my uncle restore clocks?', memory)).toMatch(/Whitby/);
    expect(recallByRetrieval('what happened to my ankle?', memory)).toMatch(
      /you twisted your ankle at the climbing wall/,
    );
    expect(recallByRetrieval("what's my cousin called?", memory)).toBeNull();
    // A question that names none of the user's things must match every word it asks about.
    expect(recallByRetrieval('who restores clocks?', memory, { strict: true })).toMatch(/Desmond/);
    expect(recallByRetrieval('who restores old cars?', memory, { strict: true })).toBeNull();
  });

  it('answers in the conversation, after more turns than the history window', async () => {
    const filler = Array.from({ length: 14 }, (_, i) => `what is ${i + 3} times 7?`);
    const replies = await talk(avatar, [
      'quick context: my grandad Wilf taught me to whittle spoons, and I still do it on Sundays',
      ...filler,
      'what was my grandpa called again?',
      'what did I tell you about the spoons?',
      'do you know what my boss is called?',
    ]);
    expect(replies.at(-3)!.response).toMatch(/Wilf/);
    expect(replies.at(-2)!.response).toMatch(/whittle spoons/);
    // Nothing stored about a boss: honestly not told, no invented name.
    expect(replies.at(-1)!.response).not.toMatch(/Wilf|whittle/);
    expect(replies.at(-1)!.intent).toBe('other');
  });
});

describe('corrections and forgetting in other words', () => {
  it('mends a pet or a keyed fact named wrongly ("… called X, not Y")', () => {
    const stored = { pets: [{ kind: 'dog', name: 'Waffle' }], about: [{ key: 'son', value: 'called Arlo' }] };
    expect(correctedFacts(stored, "oops, she's called Pancake, not Waffle").pets).toEqual([
      { kind: 'dog', name: 'Pancake' },
    ]);
    expect(correctedFacts(stored, 'no no, his name is Milo, not Arlo').about).toEqual([
      { key: 'son', value: 'called Milo' },
    ]);
  });

  it('forgets a thing of the user’s named by "my …", and the statements about it', async () => {
    expect(forgetScope("please delete my brother-in-law's name")).toMatchObject({ things: ['brother-in-law'] });
    const facts = { name: 'Ines', about: [{ key: 'landlord', value: 'called Mr Pike' }] };
    expect(forgetFacts(facts, forgetScope('stop storing anything on my landlord'))).toEqual({ name: 'Ines' });
    const replies = await talk(avatar, [
      "I'm lactose intolerant, which is tragic because I love cheese",
      'actually could you not remember my intolerance',
      'what am I intolerant to?',
    ]);
    expect(replies[1]!.memory?.notes ?? []).toEqual([]);
    expect(replies[2]!.response).not.toMatch(/lactose/);
  });
});

describe('facts in more shapes of sentence', () => {
  it.each([
    ['writing to you from a drizzly little Galway this morning', { location: 'Galway' }],
    ['so I am based out of Kraków these days', { location: 'Kraków' }],
    ['Anouk here, from Utrecht, first time using this', { name: 'Anouk', location: 'Utrecht' }],
    ["I'm Wen, data analyst in Leicester", { name: 'Wen', location: 'Leicester' }],
    ["fine, my name, it's Saoirse", { name: 'Saoirse' }],
    ['I fix boilers for a living', { occupation: 'boiler fixer' }],
    ['I drive a bus for a living and it is fine', { occupation: 'bus driver' }],
    ['nothing beats a proper ramen after a long shift', { likes: ['ramen after a long shift'] }],
  ])('%s', (text, facts) => {
    expect(extractFacts(text)).toMatchObject(facts);
  });

  it('reads a self-introduction list', () => {
    expect(extractFacts('quick intro: Bertil, 52, retired surveyor from Malmo, likes boats')).toMatchObject({
      name: 'Bertil',
      occupation: 'retired surveyor',
      location: 'Malmo',
    });
  });

  it('names the animals of the sentence before ("… named them …")', () => {
    expect(extractFacts('We adopted three rats yesterday. Named them Huey, Dewey and Louie.').pets).toEqual([
      { kind: 'rat', name: 'Huey' },
      { kind: 'rat', name: 'Dewey' },
      { kind: 'rat', name: 'Louie' },
    ]);
  });

  it('a capitalised word after a preposition is a place, not a pet', () => {
    expect(extractFacts('my whippet Nell is the fastest dog in all of Cornwall').pets).toEqual([
      { kind: 'whippet', name: 'Nell' },
    ]);
  });

  it('"ours is …" renames the user’s own animal', () => {
    const stored = { pets: [{ kind: 'rabbit', name: 'Clover' }] };
    expect(correctedFacts(stored, "oh no, Clover is my sister's rabbit, ours is Bramble").pets).toEqual([
      { kind: 'rabbit', name: 'Bramble' },
    ]);
  });

  it('answers by field of meaning and forgets after "on second thoughts"', async () => {
    const replies = await talk(avatar, [
      'heads up, I keep kosher and I am also allergic to sesame',
      'what do you think of rainy days?',
      'is there anything I should not eat?',
      "I'm Ilse and I work as a welder",
      'on second thoughts, forget my job please',
      'what do I do for work?',
      'what is a hobby of mine?',
    ]);
    expect(replies[2]!.response).toMatch(/kosher|sesame/);
    expect(JSON.stringify(replies[4]!.memory)).not.toMatch(/welder/);
    expect(replies[5]!.response).not.toMatch(/welder/);
    expect(replies[6]!.intent).toBe('other');
  });
});

describe('recall prefers what answers the question', () => {
  it('a name for "what … called", what was said for "what does … do"', async () => {
    const replies = await talk(avatar, [
      'my aunt Philippa teaches tango in Lisbon',
      'what does my aunt do?',
      'and what is my aunt called?',
    ]);
    expect(replies[1]!.response).toMatch(/tango/);
    expect(replies[2]!.response).toMatch(/Philippa/);
  });

  it('a wedding word finds the fiancé; a two-letter name can be forgotten', async () => {
    const replies = await talk(avatar, [
      'so my fiancé Rui and I set a date at last',
      'who am I getting married to?',
      'my neighbour Bo lends me his ladder',
      'please forget what I said about Bo',
    ]);
    expect(replies[1]!.response).toMatch(/Rui/);
    expect(JSON.stringify(replies[3]!.memory)).not.toMatch(/\bBo\b/);
  });
});

describe('what the user just asked or said, by its structure', () => {
  it.each([
    ['I asked you something a sec ago, what was it?', 'ask'],
    ['hmm I said something just now, remind me', 'say'],
    ['I told my sister what happened and now she is upset', null],
  ])('%s → %s', (text, want) => {
    expect(asksLastTurn(text)).toBe(want);
  });

  it('"what was I saying before that?" quotes the message before the last', async () => {
    const replies = await talk(avatar, [
      'I was saying the bins go out on Thursdays now',
      'how do you keep a cactus alive?',
      'where was I, what was I saying before that?',
    ]);
    expect(replies[2]!.response).toMatch(/bins go out/);
  });
});

describe('identity questions by their structure', () => {
  it.each([
    ['which of your four stat types are you, roughly?', 'type'],
    ['intro please: name and level', 'name'],
    ['is it a machine responding to me?', 'ai'],
    ['who is replying right now?', 'about'],
  ])('%s → %s', (text, aspect) => {
    expect(identityAspects(text)).toContain(aspect);
  });
});

describe('a statement that answers better than the structured fact a question names', () => {
  // Told and asked in words written for this test; two small-talk turns between.
  const between = ['which film should I watch tonight?', 'any strange facts about squid to share?'];
  it.each([
    ['I was raised in Galway though these days I live in Munich', 'where did I grow up?', /Galway/],
    ['born and bred in Accra, been in Montreal since 2019', 'where am I originally from?', /Accra/],
    ['I lived in Kyoto for years before moving to Busan', 'where did I use to live?', /Kyoto/],
    ["I'm a paramedic with the ambulance service in Truro", 'where do I work?', /Truro|ambulance/],
    ['I bake bread at a place called Loafers, night shifts mostly', 'where do I work?', /Loafers/],
    ["I'm a massive Celtic fan, been going since I was six", 'which team do I follow?', /Celtic/],
  ])('"%s" then "%s"', async (told, asked, want) => {
    const replies = await talk(avatar, [told, ...between, asked]);
    expect(replies.at(-1)!.response).toMatch(want);
  });

  it.each([
    ['I live in Perth now, moved from Leeds in March', 'where do I live?', /Perth/, /Leeds/],
    ['I work as a welder, mostly ships', 'what line of work am I in?', /welder/, /^$/],
  ])('keeps the structured fact on a tie: "%s" then "%s"', async (told, asked, want, not) => {
    const replies = await talk(avatar, [told, ...between, asked]);
    expect(replies.at(-1)!.response).toMatch(want);
    if (not.source !== '^$') expect(replies.at(-1)!.response).not.toMatch(not);
  });
});

describe('a recall question inside other words stays a recall question', () => {
  it.each([
    ['my nephew Bertie turns six tomorrow', 'You remember name of my nephew?', /Bertie/],
    [
      'my husband, Anselm, is learning to bake',
      "Remind me what my husband's name is — I want to see whether you remember.",
      /Anselm/,
    ],
  ])('"%s" then "%s"', async (told, asked, want) => {
    const replies = await talk(avatar, [told, asked]);
    expect(replies.at(-1)!.response).toMatch(want);
    expect(replies.at(-1)!.taskSuggestion).toBeNull();
    expect(replies.at(-1)!.imagePrompt).toBeNull();
  });
});

describe('forgetting a thing named by another form of its word', () => {
  it.each([
    ['vegetarian since uni, so no bacon rolls for me', 'please forget what I said about vegetarianism', /vegetarian/i],
    ['lactose intolerant here, go easy on the cheese', 'hmm forget the lactose thing please, bit private', /lactose/i],
  ])('"%s" then "%s" keeps nothing of it', async (told, forget, word) => {
    const replies = await talk(avatar, [told, forget]);
    expect(JSON.stringify(replies.at(-1)!.memory?.facts ?? {})).not.toMatch(word);
    expect(JSON.stringify(replies.at(-1)!.memory?.notes ?? [])).not.toMatch(word);
  });
});

describe('the first thing the user said', () => {
  it('is quoted back from the history', async () => {
    const replies = await talk(avatar, [
      'just got back from repainting the shed, it took all weekend',
      'any good podcasts about space?',
      'how long should a nap be?',
      'so what was the first thing I told you today?',
    ]);
    expect(replies.at(-1)!.response).toMatch(/repainting the shed/);
  });
});

describe('statements kept in casual typing, and what they answer', () => {
  it.each([
    [
      'ok so grew up in sligo but been in ghent 4 yrs now. anyway pancake recipe?',
      'ok so grew up in sligo but been in ghent 4 yrs now.',
    ],
    ['no eggs in the fridge, what do i do', null],
    ['how long on the hob', null],
    ['make me a poster for the bake sale', null],
  ])('"%s" keeps %j', (message, kept) => {
    expect(statementOf(message)).toBe(kept);
  });

  it('keeps what a request tells about the writer, and finds it by "where … from"', async () => {
    const replies = await talk(avatar, [
      'born and bred in Tromsø, moved to Lyon for work ages ago. can you draw a snowy harbour for me?',
      'how do I keep basil alive?',
      'so where am I from, do you remember?',
    ]);
    expect(replies.at(-1)!.response).toMatch(/Tromsø/);
  });

  it('a wider word does not answer for a narrower one', async () => {
    const replies = await talk(avatar, [
      'I want to get better at remembering family birthdays',
      "when is my uncle's birthday?",
    ]);
    expect(replies.at(-1)!.response).not.toMatch(/remembering family birthdays/);
  });
});

describe('who the user works for', () => {
  it.each([
    ['month-end at brightwell (im a payroll clerk there) is chaos', 'lol who do i work for again', /brightwell/i],
    [
      'Hello, I am tax adviser in Kestner 🙂 and the deadlines are many.',
      'Which company I work, you remember?',
      /Kestner/,
    ],
  ])('"%s" then "%s"', async (told, asked, want) => {
    const replies = await talk(avatar, [told, 'any quick lunch ideas with lentils?', asked]);
    expect(replies.at(-1)!.response).toMatch(want);
  });
});
