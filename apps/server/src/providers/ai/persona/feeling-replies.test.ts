import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';
import { asksToForget } from './topics';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 4_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 91, name: 'Bitwise', agentType: 'HACKER' },
  { ...base, id: 92, name: 'Marigold', agentType: 'CREATOR' },
  { ...base, id: 93, name: 'Dash', agentType: 'HUSTLER' },
];
const SYMPATHY = /\b(?:sorry|rough|tough|hard|heavy|oof|a lot|go easy|here for you|i'm here)\b/i;

describe('replies to feelings told beside something else', () => {
  it('someone named by a possessive forgetting is news, not a request to forget', () => {
    expect(asksToForget('my grandad forgot my birthday again')).toBe(false);
    expect(asksToForget('our teacher forgets everything')).toBe(false);
    expect(asksToForget('please forget my address')).toBe(true);
  });

  it.each(AVATARS)(
    'a relative forgetting the writer is comforted, nothing is forgotten ($agentType)',
    async (avatar) => {
      const [reply] = await talk(avatar, ['my grandad forgot my name on the phone 😢 his memory is going fast']);
      expect(reply?.response).toMatch(SYMPATHY);
      expect(reply?.response).not.toMatch(/forgotten|dropped|cleared/i);
    },
  );

  it.each(AVATARS)('numbers in good news are not a sum ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, ['PASSPORT ARRIVED 🎉 6 weeks of waiting']);
    expect(reply?.response).not.toMatch(/maths|arithmetic|syntax/i);
  });

  it.each(AVATARS)('hurt told beside a question gets a word of sympathy ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, [
      "my bike got nicked outside the library and I'm furious and shaky. where do I report it?",
    ]);
    expect(reply?.response).toMatch(SYMPATHY);
  });

  it.each(AVATARS)('good news told on in a fragment is not answered with the menu ($agentType)', async (avatar) => {
    const [, reply] = await talk(avatar, [
      'we adopted a rescue greyhound today, my first dog ever!',
      'such a gentle soul',
    ]);
    expect(reply?.response).not.toMatch(/\b(?:valid ops|404|unknown command|what i do|i can)\b/i);
    expect(reply?.taskSuggestion ?? null).toBeNull();
  });
});

describe('what the user never told, and acknowledgements', () => {
  it.each(AVATARS)('a secret of the user is said to be unknown, not guessed ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, ['what was my gym locker pin again']);
    expect(reply?.response).toMatch(/haven't told|don't know/i);
    expect(reply?.response).toMatch(/pin/i);
  });

  it.each(AVATARS)(
    'one thing no stored field holds is said to be unknown, with what was told ($agentType)',
    async (avatar) => {
      const [, reply] = await talk(avatar, ['I live in Bristol', "what's my shoe size?"]);
      expect(reply?.response).toMatch(/haven't told|don't know|not sure/i);
      expect(reply?.response).toMatch(/shoe size/i);
    },
  );

  it.each(AVATARS)('"ok" after good news is not praised again ($agentType)', async (avatar) => {
    const [, reply] = await talk(avatar, ['we adopted a rescue greyhound today, my first dog ever!', 'ok']);
    expect(reply?.response).not.toMatch(/well done|earned/i);
  });

  it('"fair enough" acknowledges; it is no feeling', async () => {
    const { feelingOf } = await import('./feeling');
    expect(feelingOf('Fair enough.').polarity).toBe('neutral');
    expect(feelingOf("that's not fair, I did all the work").polarity).toBe('negative');
  });
});
