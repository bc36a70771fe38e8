/**
 * Two feelings of opposite sign named together ("glad and ashamed at the same time", "guilty
 * about feeling relieved") are mixed; a request after good news is answered as a request, not
 * with more congratulations; the fallback line never reads as a crash.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 71, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 72, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 73, name: 'Dash', agentType: 'HUSTLER' },
];

describe('feelings named both ways', () => {
  it.each([
    'got the flat in Lisbon, I am glad and ashamed at the same time because my sister wanted it',
    'weird, I feel guilty about feeling relieved that the trip is cancelled',
    'honestly proud but lonely all at once since the kids moved out',
  ])('"%s" is mixed', (message) => {
    expect(feelingOf(message).polarity).toBe('mixed');
  });

  it('two feelings of one sign stay that sign', () => {
    expect(feelingOf('I am thrilled and grateful at the same time').polarity).toBe('positive');
    expect(feelingOf('tired and anxious at the same time today').polarity).toBe('negative');
  });
});

describe.each(AVATARS)('a request after good news ($agentType)', (avatar) => {
  it('is not answered with more congratulations', async () => {
    const replies = await talk(avatar, [
      'we finally finished tiling the bathroom yesterday',
      'k can u make that thing i was talkin about',
    ]);
    expect(replies[1]?.response).not.toMatch(/well done — you earned it|genuinely happy for you/);
  });

  it('answers gibberish without words that read as a crash', async () => {
    const replies = await talk(avatar, ['plmokn ijbuhv ygvtfc', 'zzqx vvbn']);
    for (const r of replies) expect(r.response).not.toMatch(/\berror\b|\b404\b|exception|undefined/i);
  });
});
