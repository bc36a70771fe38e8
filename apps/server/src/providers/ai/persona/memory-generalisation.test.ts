/**
 * Facts and references in phrasings the cue lists missed, on sentences written for these tests
 * (not from any dialogue set): a name between dashes or after a greeting, a spelling correction,
 * a place one writes or visits from, a favourite told thing-first, a pet named before its kind, a
 * trade named after an animal, a business named before or after its kind, "forget about …",
 * and "what did I ask a moment ago?".
 */
import { describe, expect, it } from 'vitest';
import { rewriteFollowUp } from './context';
import { correctedFacts } from './fact-corrections';
import { forgetFacts, forgetScope, recallTargets } from './fact-questions';
import { extractFacts } from './facts';
import { asksLastTurn, describedBusiness, describedNews, switchMarker } from './topics';

describe('extractFacts, more phrasings', () => {
  it.each([
    ['been lurking a while (Marisol here) and finally saying hello', { name: 'Marisol' }],
    ['hiya, this is Tomasz. quick one about logos', { name: 'Tomasz' }],
    ['no wait, it is spelt Caitlin, not Katelyn', { name: 'Caitlin' }],
    ['Evening all, messaging you from Reykjavik tonight', { location: 'Reykjavik' }],
    ['we are visiting from Valparaiso for the festival', { location: 'Valparaiso' }],
  ])('%s', (message, facts) => {
    expect(extractFacts(message)).toMatchObject(facts);
  });

  it("keeps someone else's move out of the user's place", () => {
    expect(extractFacts('my cousin is moving to Dubai in May').location).toBeUndefined();
    expect(extractFacts("we've just moved to Galway").location).toBe('Galway');
  });

  it('reads "I teach yoga classes" as the job', () => {
    expect(extractFacts('I teach yoga classes in a church hall').occupation).toBe('yoga teacher');
  });

  it('reads a name typed in lower case, not a state ("im home")', () => {
    expect(extractFacts('hiya im priya fyi').name).toBe('Priya');
    expect(extractFacts('im starving lol').name).toBeUndefined();
  });

  it('reads "X from Y here", and a name said "actually"', () => {
    expect(extractFacts('morning, Ines from Porto here')).toMatchObject({ name: 'Ines', location: 'Porto' });
    expect(extractFacts('my name is actually Bartholomew, Bart for short').name).toBe('Bartholomew');
  });

  it('reads what one is making as the project, several likes, a titled pet name', () => {
    expect(extractFacts("I'm slowly restoring a 1970s camper van").workingOn).toBe('restoring a 1970s camper van');
    expect(extractFacts('I love pottery and jigsaw puzzles').likes).toEqual(['pottery', 'jigsaw puzzles']);
    expect(extractFacts('our hamster Captain Nibbles escaped again').pets).toEqual([
      { kind: 'hamster', name: 'Captain Nibbles' },
    ]);
  });

  it('corrects a stored value ("I meant X, not Y"), and only a matching one', () => {
    expect(correctedFacts({ location: 'Leeds' }, 'sorry — I meant Leicester, not Leeds')).toEqual({
      location: 'Leicester',
    });
    expect(correctedFacts({ location: 'Leeds' }, 'not Hull, Grimsby')).toEqual({});
  });

  it('reads every pet in a sentence, a job told with "as a", the place after it', () => {
    expect(extractFacts('we have a tabby named Biscuit and a whippet called Arrow').pets).toEqual([
      { kind: 'cat', name: 'Biscuit' },
      { kind: 'whippet', name: 'Arrow' },
    ]);
    expect(extractFacts('as a night nurse in Dundee I see it all')).toMatchObject({
      occupation: 'night nurse',
      location: 'Dundee',
    });
  });

  it('reads "I\'m X, a Y from Z"', () => {
    expect(extractFacts("I'm Oren, a baker from Haifa")).toMatchObject({
      name: 'Oren',
      occupation: 'baker',
      location: 'Haifa',
    });
  });

  it('reads a job told as "being a …", and a plan moved to a new date', () => {
    expect(extractFacts('being a plumber is hard on the knees').occupation).toBe('plumber');
    expect(extractFacts('being a parent is hard').occupation).toBeUndefined();
    expect(
      correctedFacts({ plans: ['your dentist appointment is on Tuesday'] }, 'it got pushed back to Thursday'),
    ).toEqual({
      plans: ['your dentist appointment is on Thursday'],
    });
  });

  it('keeps a title with a name, and a job before "up in"', () => {
    expect(extractFacts('you can call me Prof. Adeyemi').name).toBe('Prof. Adeyemi');
    expect(extractFacts("I'm a joiner up in Thurso")).toMatchObject({ occupation: 'joiner', location: 'Thurso' });
  });

  it('skips a describing word before a place, and reads a role before "btw"', () => {
    expect(extractFacts('hello from rainy Bergen').location).toBe('Bergen');
    expect(extractFacts("I'm a locksmith btw").occupation).toBe('locksmith');
  });

  it('reads a business known only by its name', () => {
    expect(describedBusiness('I knit baby hats and sell them online under the name Woolly Tops')).toBe(
      'a business called Woolly Tops (you knit baby hats and sell them online)',
    );
  });

  it('reads a favourite told thing-first', () => {
    expect(extractFacts('honestly, bouldering is my all-time favourite sport').likes).toEqual([
      'bouldering (favourite sport)',
    ]);
    expect(extractFacts('this is my favourite song').likes).toBeUndefined();
  });

  it('reads a pet named before its kind, and not a trade named after an animal', () => {
    expect(extractFacts('spent the evening with Biscuit (our old greyhound) on the sofa').pets).toEqual([
      { kind: 'greyhound', name: 'Biscuit' },
    ]);
    expect(extractFacts('my cat café in Porto is called Whisker Beans').pets).toBeUndefined();
  });
});

describe('describedBusiness, names before and after the kind', () => {
  it('keeps the name with the kind and the place', () => {
    expect(describedBusiness('my vintage bike shop in Ghent is called Spoke & Chain')).toBe(
      'a vintage bike shop in Ghent called Spoke & Chain',
    );
    expect(describedBusiness("Hi! we're Quiet Tide, a yoga studio up in Whitby.")).toBe(
      'a yoga studio up in Whitby called Quiet Tide',
    );
  });
});

describe('dialogue cues', () => {
  it('hears "forget about the …" as a switch and keeps what follows', () => {
    expect(switchMarker('ok forget about the logo for now, can you paint a comet?')?.rest).toBe(
      'can you paint a comet?',
    );
  });

  it('reads a performance ahead as news, and "another one but …" as the same piece changed', () => {
    expect(describedNews('our band is playing the harbour festival on Saturday')).toBe(
      'our band is playing the harbour festival on Saturday',
    );
    const ctx = {
      lastAct: 'make_art',
      lastMessage: 'draw a lighthouse',
      lastTopic: 'make_art',
      lastRequest: 'draw a lighthouse',
      lastArtPrompt: 'a lighthouse',
    } as const;
    expect(rewriteFollowUp('do another one but in snow', ctx)?.message).toBe('draw a lighthouse, in snow');
  });

  it('hears "a moment ago" as asking for the last question', () => {
    expect(asksLastTurn('hmm, what had I asked you about a moment ago')).toBe('ask');
  });
});

describe('facts said in passing, learning, spans ahead, forgetting by word', () => {
  it('reads a place said without a subject in a list about oneself', () => {
    const facts = extractFacts('quick intro: retired, grew up near Cork, currently living in Halifax, two grandkids');
    expect(facts.location).toBe('Halifax');
  });

  it('keeps what one is learning and finds it for "what am I learning?"', () => {
    expect(extractFacts("I've been learning the oboe since the spring").workingOn).toBe('learning the oboe');
    expect(extractFacts("I'm slowly learning to knit, it's very calming").workingOn).toMatch(/^learning to knit/);
    expect(recallTargets('which language am i learning?')).toContain('workingOn');
  });

  it('keeps a plan dated as a span from now', () => {
    expect(extractFacts("in three weeks we're moving the shop to a bigger unit").plans?.[0]).toMatch(/in three weeks/);
    expect(extractFacts('our recital is the week after next').plans?.[0]).toMatch(/week after next/);
    expect(extractFacts('I sold the van two weeks ago').plans).toBeUndefined();
  });

  it('forgets every stored value holding the word a "forget … about X" names', () => {
    const scope = forgetScope('please delete what I mentioned about sailing');
    expect(scope).toEqual({ all: false, keys: [], about: 'sailing' });
    const left = forgetFacts({ likes: ['sailing on the Clyde', 'chess'], location: 'Largs' }, scope);
    expect(left).toEqual({ likes: ['chess'], location: 'Largs' });
    expect(forgetScope('forget about it')).toEqual({ all: false, keys: [] });
  });
});

describe('memory questions in more phrasings', () => {
  it('finds what a question asks for', async () => {
    expect(recallTargets('what do people call me?')).toEqual(['name']);
    expect(recallTargets('what do I do for fun?')).toEqual(['likes']);
    expect(recallTargets('where am I cycling on Sunday?')).toContain('plans');
    expect(recallTargets('what kind of animal is Bo?')).toContain('pets');
    expect(recallTargets('which instrument do I play?')).toContain('workingOn');
    expect(extractFacts("I've been practising the banjo most nights").workingOn).toBe('practising the banjo');
  });

  it('hears "the question I just asked", pets by kind, and "forget the bit about …"', async () => {
    const { asksAboutUser } = await import('./acts');
    expect(asksLastTurn('sorry, what was the question I just asked?')).toBe('ask');
    expect(asksLastTurn('can you repeat the thing I just said')).toBe('say');
    expect(asksAboutUser("what's the hamster called again?")).toBe(true);
    expect(asksAboutUser('what did we name the goldfish?')).toBe(true);
    expect(asksAboutUser("our cousin's cat, who we fed all summer, ran away")).toBe(false);
    expect(switchMarker('forget the part about my allotment')).toBeNull();
    expect(switchMarker('forget the website, draw me a fox')?.rest).toBe('draw me a fox');
  });
});

describe('pets named after animals, places after a comma, plans asked by their words', () => {
  it('reads an animal word after "called" as the name', () => {
    expect(extractFacts('we have a ferret and a cat named Goat').pets).toEqual([{ kind: 'cat', name: 'Goat' }]);
  });

  it('reads "living in X these days" after a comma', () => {
    expect(extractFacts('born in Oslo, living in Bergen these days').location).toBe('Bergen');
  });

  it('finds names, projects and plans in more questions', () => {
    expect(recallTargets('what name do you have for me?')).toContain('name');
    expect(recallTargets('what am I knitting?')).toContain('workingOn');
    expect(recallTargets('what am I sitting in June?')).toContain('plans');
  });

  it('hears a question about a told plan by its words', async () => {
    const { asksOwnPlan } = await import('./recall-question');
    const plans = ["on the 9th you're collecting the new van"];
    expect(asksOwnPlan('what am I collecting on the 9th?', plans)).toBe(true);
    expect(asksOwnPlan('when does the ferry leave?', plans)).toBe(false);
  });
});

describe('jobs by context, names after "oops", moves with "since", pets under one "we have"', () => {
  it.each([
    ['I used to drive buses but now I am a locksmith', { occupation: 'locksmith' }],
    ["I'm a sommelier at a hotel in Reims", { occupation: 'sommelier', location: 'Reims' }],
    ["I'm a mess this week", {}],
    ['oops, it is Bryony with a y', { name: 'Bryony' }],
    ["we've since moved to Hobart", { location: 'Hobart' }],
    ["I'm Carys if that matters", { name: 'Carys' }],
  ])('%s', (message, facts) => {
    const told = extractFacts(message);
    expect({ name: told.name, location: told.location, occupation: told.occupation }).toEqual({
      name: undefined,
      location: undefined,
      occupation: undefined,
      ...facts,
    });
  });

  it('keeps every pet one "we have" covers', () => {
    expect(extractFacts('we have a lurcher named Olive and two rats, Bill and Ben').pets).toEqual([
      { kind: 'lurcher', name: 'Olive' },
      { kind: 'rat', name: 'Bill' },
      { kind: 'rat', name: 'Ben' },
    ]);
  });
});

describe('moves with a particle, "who am I …ing" about a plan', () => {
  it('reads "moved out to X" and asks for plans with "who am I seeing on Friday?"', () => {
    expect(extractFacts('we moved out to Girona in the spring').location).toBe('Girona');
    expect(recallTargets('who am I seeing on Friday?')).toContain('plans');
  });
});
