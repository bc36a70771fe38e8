import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { detectAct } from './acts';
import { clockIn, clockQuestion, zoneOf } from './clock';
import { liveQuestion, worldQuestion } from './live-data';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  id: 91,
  name: 'Quill',
  agentType: 'CREATOR',
  description: null,
  personalityTraits: [],
  level: 3,
  experiencePoints: 4_000,
  skills: [],
};

describe('exchange rates by the names of currencies', () => {
  it.each([
    ['how many forints would I get for ten pounds this week?', /forint.*pound/],
    ['what is one Swiss franc in rupees right now', /franc.*rupee/],
    ['roughly how many rand to the dollar?', /rand.*dollar/],
    ['could you convert 200 NOK into EUR for me?', /NOK.*EUR/],
  ])('%s', (text, topic) => {
    const q = liveQuestion(text);
    expect(q?.kind).toBe('exchange');
    expect(q?.topic).toMatch(topic);
  });

  it('words that are also currencies ("won", "real") are no exchange question as a verb or adjective', () => {
    expect(liveQuestion('I won fifty dollars at the quiz, is that real?')?.kind).not.toBe('exchange');
    expect(liveQuestion('do you take dollars?')).toBeNull();
  });
});

describe('results asked by the day of the week', () => {
  it('a weekday with no year is recent: the result is live', () => {
    expect(liveQuestion('Did the Wallabies beat anyone on Sunday?')?.topic).toBe('the latest Wallabies result');
    expect(liveQuestion('did Leinster lose on friday?')?.kind).toBe('sport');
  });
});

describe('questions about the world inside an asking frame or beside a statement', () => {
  it.each([
    'Would you happen to know whether the Louvre is shut on Tuesdays this month?',
    'Can you tell me how the Dow Jones ended today?',
    'Any idea when Glastonbury tickets go on sale this year?',
  ])('%s', (text) => {
    expect(worldQuestion(text)?.kind).toBe('world');
  });

  it('a sentence asks by its form: a statement with "??" beside news of the writer exclaims', () => {
    expect(worldQuestion('this morning was unreal?? my sister rang from Perth')).toBeNull();
  });

  it('the question is its own sentence: the writer speaking of themselves beside it does not make it theirs', () => {
    expect(worldQuestion('is any garage open on a bank holiday? my tyre is flat')?.topic).toMatch(/garage/);
    expect(worldQuestion('i moved to Leeds in May. what do i do on weekends?')).toBeNull();
  });

  it('a frame around a question about the user or the avatar leaves it theirs', () => {
    expect(worldQuestion('do you know what I should cook tonight?')).toBeNull();
    expect(worldQuestion('could you tell me what you can draw today?')).toBeNull();
  });
});

describe('the clock elsewhere', () => {
  const now = new Date('2026-07-01T12:30:00Z');

  it('names zones after the cities of the time-zone database', () => {
    expect(zoneOf('Auckland')).toBe('Pacific/Auckland');
    expect(zoneOf('new york')).toBe('America/New_York');
    expect(zoneOf('Narnia')).toBeNull();
  });

  it('finds the place asked about, or where "there" points', () => {
    expect(clockQuestion('what time is it over in Tokyo right now?', null)?.place).toBe('Tokyo');
    expect(clockQuestion('is it still dark there?', 'Reykjavik')?.place).toBe('Reykjavik');
    expect(clockQuestion('what time is it?', null)).toBeNull();
    expect(clockQuestion('my flight lands in Lima at noon.', null)).toBeNull();
  });

  it('computes the local time, and says when the place is out of its table', () => {
    expect(clockIn('Tokyo', now)).toMatch(/21:30 on Wednesday in Tokyo/);
    expect(clockIn('Tokyo', now)).toMatch(/offline/);
    expect(clockIn('Sintra', now)).toMatch(/can't look up the local time in Sintra offline.*12:30 UTC/);
  });

  it('a clock question is answered as one, not from what was told about the place', async () => {
    const [, reply] = await talk(AVATAR, [
      'My cousin works in Nairobi.',
      'Is it gone midnight there? I might call her.',
    ]);
    expect(reply?.response).toMatch(/Nairobi/);
    expect(reply?.response).toMatch(/offline clock/);
    expect(detectAct('what time is it in Lisbon now?', null, [], null, true)?.act).toBe('date_time');
  });
});
