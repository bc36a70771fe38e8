/**
 * Live questions asked in passing: a shop open "at this moment", a train said in one sentence and
 * asked about in the next, gas fees on a chain, an election count — each answered as something the
 * offline engine cannot look up, named in the reply.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { liveQuestion } from './live-data';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 81, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 82, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 83, name: 'Dash', agentType: 'HUSTLER' },
];

describe('live questions by their shape', () => {
  it('finds them', () => {
    expect(liveQuestion('is Fenwick Hardware on Mill Lane open at this moment?')?.kind).toBe('hours');
    expect(liveQuestion('is the 17.40 from Leiden delayed tonight?')?.kind).toBe('transport');
    expect(liveQuestion('my coach to Porto goes at noon. is it running late?')?.kind).toBe('transport');
    expect(liveQuestion('what are gas fees like on Arbitrum rn?')?.kind).toBe('price');
    expect(liveQuestion('gwei right now?')?.kind).toBe('price');
    expect(liveQuestion('who is leading the Lagos election count?')?.kind).toBe('news');
  });

  it('leaves statements and the past alone', () => {
    expect(liveQuestion('we finished the election posters yesterday')).toBeNull();
    expect(liveQuestion('I run a tram museum in Oporto')).toBeNull();
  });
});

describe.each(AVATARS)('live questions in a conversation ($agentType)', (avatar) => {
  it('says it cannot know them offline, whatever the cut of the message', async () => {
    const replies = await talk(avatar, [
      'Fenwick Hardware, Mill Lane 🔨 — open now? 🕐',
      'my ferry to Tiree leaves at 7:05. is it running on time today, or should I drive round instead?',
      'ok and r the lagos election results out yet',
    ]);
    for (const r of replies) expect(r.response).toMatch(/offline|can't (?:look|check|know)|no (?:live|network)/i);
    expect(replies[0]?.response).toMatch(/Fenwick|open|hours/i);
    expect(replies[2]?.response).toMatch(/election/i);
  });
});
