/**
 * A correction told as "in <right>, not <wrong>", on sentences written for these tests (in no
 * dialogue set): the stored place and the kept statement that held the wrong one are both mended,
 * so "which city is our home?" answers the right place and never the wrong one.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { correctionOf } from './fact-corrections';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 97,
  name: 'Sable',
  agentType: 'HACKER',
  description: 'Audits smart contracts at night.',
  personalityTraits: ['terse'],
  skills: [{ name: 'Solidity', category: 'technical', proficiency: 70 }],
  level: 4,
  experiencePoints: 7000,
};

describe('a correction after a preposition', () => {
  it('reads the right and the wrong word', () => {
    const c = correctionOf('oops, we moved to Ghent, not Bruges');
    expect(c?.right).toBe('Ghent');
    expect('Bruges'.replace(c?.wrong as RegExp, 'x')).toBe('x');
  });

  it('mends the place and the statement', async () => {
    const replies = await talk(avatar, [
      'Our whole family lives in Tromsø, my son wants help with his chess openings.',
      'My mistake, we live in Bodø, not Tromsø.',
      'He likes the Sicilian.',
      'Which city is our home?',
    ]);
    expect(replies[3]?.response).toMatch(/Bodø/);
    expect(replies[3]?.response).not.toMatch(/Tromsø/);
  });
});
