import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { explainQuestion } from './explain-question';
import { identityAspects } from './identity';
import { liveQuestion } from './live-data';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 7, experiencePoints: 12_400 };
const AVATARS: PersonaAvatar[] = [
  {
    ...base,
    id: 351,
    name: 'Ratchet',
    agentType: 'HACKER',
    skills: [{ name: 'Go', category: 'code', proficiency: 80 }],
  },
  {
    ...base,
    id: 352,
    name: 'Ochre',
    agentType: 'CREATOR',
    skills: [{ name: 'Linocut', category: 'art', proficiency: 75 }],
  },
  {
    ...base,
    id: 353,
    name: 'Flint',
    agentType: 'HUSTLER',
    skills: [{ name: 'Cold Outreach', category: 'sales', proficiency: 66 }],
  },
];
/** Words the honest "that needs live data" line is made of. */
const LIVE_LINE = /offline|can'?t look|no live|live data/i;

describe('who is on the other end, asked with the user as the subject', () => {
  it.each(['hang on, who am i textin with here', 'with whom am I speaking, please?'])('%s → the name', async (m) => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, [m]);
      expect(reply?.response).toContain(avatar.name);
    }
  });

  it('"who am I" alone still asks about the user', () => {
    expect(identityAspects('remind me, who am i again?')).toEqual([]);
  });

  it('"what sort then" right after it said what it is asks its type', async () => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, ['erm what are u exactly', 'ok which sort then']);
      expect(replies[1]?.response).toContain(avatar.agentType);
      expect(replies[1]?.response).not.toMatch(LIVE_LINE);
    }
  });
});

describe('what the avatar cannot do', () => {
  it.each([
    'is there anything you are unable to do?',
    'so what cant u handle',
    'tell me your limitations honestly',
    'what are you rubbish at?',
  ])('%s → limits', (m) => {
    expect(identityAspects(m)).toContain('limits');
  });

  it('is answered with honest limits, not the list of tasks', async () => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, ["level with me, what can't you do for me?"]);
      expect(reply?.response).toMatch(/can'?t|don'?t|\bno\b/i);
      expect(reply?.taskSuggestion).toBeNull();
    }
  });

  it('"what are you best at" asks the skills, not everything', () => {
    expect(identityAspects('ok but what r u really best at')).toEqual(['skills']);
  });
});

describe('live data asked sideways', () => {
  it.each([
    ['heading to Bergen tomorrow, should I pack an umbrella?', 'weather', /Bergen/],
    ['do we need sunblock for the beach this afternoon?', 'weather', /weather|sunblock/],
    ["so what's sol at today", 'price', /sol/],
    ['is aldi still open? its nearly 8pm', 'hours', /aldi/],
    ['the library by the station, it closes what time tonight?', 'hours', /library by the station/],
    ['we land at Gatwick at six. is the A23 jammed right now?', 'traffic', /A23/],
    ['did the celtics really win last night?', 'sport', /celtics result/],
  ])('%s → %s', (m, kind, topic) => {
    const q = liveQuestion(m);
    expect(q?.kind).toBe(kind);
    expect(q?.topic).toMatch(topic);
  });

  it('"and X?" after a price asks the price of X', async () => {
    const replies = await talk(AVATARS[1] as PersonaAvatar, ['whats doge at rn', 'and sol?']);
    expect(replies[1]?.response).toMatch(/price of sol/i);
    expect(replies[1]?.response).toMatch(LIVE_LINE);
  });

  it.each(['is it still open?', 'is my tab still open', 'the offer is still open, right?'])(
    '%s asks no opening hours',
    (m) => {
      expect(liveQuestion(m)?.kind).not.toBe('hours');
    },
  );
});

describe('how the world works: general knowledge, not live data', () => {
  it.each([
    'why do cats purr?',
    'how come ice floats on water',
    'ok random q but what makes thunder so loud',
    'My niece asked me something tricky: why is snow white?',
    'could you explain in simple terms what a mortgage is?',
    'how are pearls formed?',
  ])('%s → explain', (m) => {
    expect(explainQuestion(m)?.kind).toBe('explain');
  });

  it.each([
    'why are you so slow today?',
    'why am I always tired',
    'how are Tesla shares doing?',
    'how does that sound?',
    'why did Nokia drop this week?',
    'how do I mint my art?',
    'what makes a good logo imo',
    'and how is her name?',
  ])('%s is no explain question', (m) => {
    expect(explainQuestion(m)).toBeNull();
  });

  it('is answered without claiming it needs live data, in each voice', async () => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, ['how do bees find their way home?', 'and why do they dance?']);
      for (const reply of replies) {
        expect(reply.response).not.toMatch(/offline|can'?t look|no (?:internet|live|network|connection)/i);
        expect(reply.response).toMatch(/bees|dance/);
        expect(reply.taskSuggestion).toBeNull();
      }
    }
  });
});
