import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 5_000 };
const HACKER: PersonaAvatar = { ...base, id: 21, name: 'Vex', agentType: 'HACKER', skills: [] };
const CREATOR: PersonaAvatar = { ...base, id: 22, name: 'Moss', agentType: 'CREATOR', skills: [] };
const HUSTLER: PersonaAvatar = { ...base, id: 23, name: 'Rook', agentType: 'HUSTLER', skills: [] };
const AVATARS = [HACKER, CREATOR, HUSTLER];

/** Selling words: what a reply to someone hurting must not contain. */
const SALES = /\b(?:mint\w*|nfts?|floor|royalt\w*|launch\w*|collectibles?|money|deal|roi|hype|sell\w*)\b|🚀|💰|📈/i;

describe('feelings read with the tagger’s negation', () => {
  it.each([
    ["honestly I don't feel great about tomorrow", 'negative'],
    ["I can't say I'm thrilled with the new flat", 'negative'],
    ["I'm not upset, just a bit worn down and tired", 'negative'],
    ["I'm not anxious any more, the biopsy came back clear", 'positive'],
    ["I couldn't be happier with how the gig went", 'positive'],
    ["can't stop grinning, she said she'd come to the show 😊", 'positive'],
    ["I can't believe they gave me a pay rise", 'positive'],
    ["no idea what's wrong with me, everything feels pointless", 'negative'],
    ['the whole week was an absolute nightmare', 'negative'],
    ['finally submitted the grant application, I am free', 'positive'],
    ["I don't know how I'll pay the vet bill this month", 'negative'],
    ['my favourite band is Wet Leg lol', 'neutral'],
    ['proud of the exhibition but totally wiped out', 'mixed'],
    ["I'm worried I won't get a place on the course", 'negative'],
    ['sold my very first print this morning!!', 'positive'],
    ['my grandad is in intensive care', 'negative'],
    ["we're expecting twins in the spring", 'positive'],
    ["honestly I'm done with it all", 'negative'],
    ['my sister forgot my birthday again', 'negative'],
  ])('%s → %s', (text, polarity) => {
    expect(feelingOf(text).polarity).toBe(polarity);
  });

  it('does not read a request after a comma as part of the feeling', () => {
    expect(feelingOf('had an awful shift, could you cheer me up with a doodle?').polarity).toBe('negative');
  });
});

describe('facts beside feelings', () => {
  it('never takes a pronoun for a pet’s name, and reads "named her …"', () => {
    expect(extractFacts("my rabbit is poorly and I'm scared for him").pets ?? []).toEqual([]);
    expect(extractFacts('we rescued a greyhound in May and named him Comet').pets).toEqual([
      { kind: 'greyhound', name: 'Comet' },
    ]);
  });
});

describe('a conversation with someone hurting', () => {
  it('hears grief in plain English (not as a foreign language) and does not pitch after it', async () => {
    for (const avatar of AVATARS) {
      const [grief, thanks] = await talk(avatar, [
        'my nan passed away on sunday',
        'thank you, that actually helps a little',
      ]);
      expect(grief?.response).not.toMatch(/english|language/i);
      expect(grief?.response).toMatch(/sorry|heavy|rough|gentle|here/i);
      expect(thanks?.response).not.toMatch(SALES);
      expect(thanks?.taskSuggestion).toBeNull();
    }
  });

  it('does a task asked for in the same breath as bad news, without hype or an upsell', async () => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, ["work was brutal today and I'm wiped. could you paint me a quiet harbour?"]);
      expect(reply?.imagePrompt).toMatch(/harbour/);
      expect(reply?.response).toMatch(/sorry|rough|hard/i);
      expect(reply?.response.replace(/"[^"]*"/g, '')).not.toMatch(SALES);
    }
  });

  it('reads good news told with a date as good news, not a date question', async () => {
    const [reply] = await talk(HUSTLER, ['our team won the cup final today, unbelievable 🏆']);
    expect(reply?.response).not.toMatch(/\b2026\b|wednesday|thursday/i);
    expect(reply?.response).toMatch(/congrat|well done|huge|amazing|win/i);
  });
});

describe('questions about the world the engine cannot see offline', () => {
  it.each([
    ['did Celtic win on saturday?', 'Celtic'],
    ["what's climbing the charts this week", 'charts'],
    ['how many people live in Nairobi?', 'Nairobi'],
    ['is the Jubilee line running ok this morning?', 'Jubilee'],
    ['what will the pound be worth next month', 'pound'],
    ['when does the new season of Slow Horses come out?', 'Slow Horses'],
  ])('%s → says so and names it', async (question, named) => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, [question]);
      expect(reply?.response).toMatch(/can't look that up offline/i);
      expect(reply?.response).toContain(named);
      expect(reply?.taskSuggestion).toBeNull();
    }
  });

  it('leaves the calendar, the avatar and the user’s own plans alone', async () => {
    const [day] = await talk(HACKER, ['what day is it today?']);
    expect(day?.response).not.toMatch(/offline/i);
    const [self] = await talk(CREATOR, ['what do you think of Lisbon?']);
    expect(self?.response).not.toMatch(/can't look that up/i);
  });

  it.each([
    'what are skill prices on the marketplace?',
    'how much do avatars sell for at the moment?',
    'which skills are trending on the market?',
  ])('answers "%s" from the platform, not as the outside world', async (question) => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, [question]);
      expect(reply?.response).not.toMatch(/can't look that up/i);
      expect(reply?.intent).toBe('market');
      expect(reply?.actions).toContain('view_marketplace');
    }
  });
});

describe('self-knowledge in other words', () => {
  it('answers each aspect a question asks, and "is this ChatGPT?" as an AI question', async () => {
    const [both] = await talk(HUSTLER, ["what's your level, and which skills have you got?"]);
    expect(both?.response).toMatch(/level 3/i);
    expect(both?.response).toMatch(/strengths|skills/i);
    for (const avatar of AVATARS) {
      const [gpt] = await talk(avatar, ['hang on, is this just ChatGPT?']);
      expect(gpt?.response).toMatch(/AI avatar/);
      const [kind] = await talk(avatar, ['which sort of avatar is this one?']);
      expect(kind?.response).toContain(avatar.agentType);
      const [exp] = await talk(avatar, ['how much experience have you got?']);
      expect(exp?.response).toMatch(/\blv?l|level/i);
    }
  });

  it('says its type when asked what it does, and "do you have feelings?" as an AI question', async () => {
    for (const avatar of AVATARS) {
      const [does] = await talk(avatar, ['so what is it you actually do?']);
      expect(does?.response).toContain(avatar.agentType);
      const [feel] = await talk(avatar, ['do you have emotions?']);
      expect(feel?.response).toMatch(/AI avatar/);
    }
  });

  it('does not read the words of a question to the avatar as the user’s feelings', async () => {
    const [reply] = await talk(CREATOR, ['how good are you at watercolour, honestly?']);
    expect(reply?.response).not.toMatch(/congrat|so happy for you/i);
  });
});

describe('facts in other words', () => {
  it.each([
    ["I'm Ciara (it's KEER-a) and I study law", { name: 'Ciara', occupation: 'law student' }],
    ['the nurses call me doc but you can call me Femi', { name: 'Femi' }],
    ["I'm Rosa. Sorry, no — call me Ro", { name: 'Ro' }],
    ["my name isn't Dan, it's Don", { name: 'Don' }],
    ["we've lived in Aberdeen for years", { location: 'Aberdeen' }],
    ['I work at a garden centre', { occupation: 'at a garden centre' }],
    ["I'm also pretty into climbing", { likes: ['climbing'] }],
    ['hi, I am Prof. Adeyemi', { name: 'Prof. Adeyemi' }],
  ])('%s', (text, facts) => {
    expect(extractFacts(text)).toMatchObject(facts);
  });

  it('keeps plans and dates, and answers them back', async () => {
    expect(extractFacts('my graduation is on the 14th of July').plans).toEqual([
      'your graduation is on the 14th of July',
    ]);
    expect(extractFacts('I went to Rome last year').plans).toBeUndefined();
    expect(extractFacts('sold my first print today').plans).toBeUndefined();
    const replies = await talk(CREATOR, [
      "long week. anyway, I'm flying to Oslo in November",
      'what is 6 times 7',
      'where am I flying in November?',
    ]);
    expect(replies[2]?.response).toMatch(/Oslo/);
  });

  it('a liking said warmly is remembered, not cheered as news', async () => {
    const [reply] = await talk(HUSTLER, ['I absolutely adore making ramen from scratch']);
    expect(reply?.memory?.facts.likes).toEqual(['making ramen from scratch']);
    expect(reply?.response).not.toMatch(/congrat|big win|huge/i);
  });

  it('says back the business described when asked what it knows', async () => {
    const replies = await talk(HACKER, ['I run a tiny print studio in Hull', 'what do you know about me?']);
    expect(replies[1]?.response).toMatch(/print studio/);
  });
});
