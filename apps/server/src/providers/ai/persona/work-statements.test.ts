/**
 * Saying what one does for work, on sentences written for these tests (in no dialogue set): a line
 * of office work and where ("I do the accounts at …") is stored as the job and said back in the
 * user's words, and a clause that only says where someone works, grew up or was born reads as no
 * feeling, whatever the place ("I work at the hospital" is not bad news; "my dad is in the hospital"
 * still is; "I was born in 1987" is no birth announced).
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 94,
  name: 'Ledger',
  agentType: 'HUSTLER',
  description: 'Sells vintage radios.',
  personalityTraits: ['brisk'],
  skills: [{ name: 'Copywriting', category: 'marketing', proficiency: 50 }],
  level: 2,
  experiencePoints: 900,
};

describe('a line of work and where', () => {
  it.each([
    ['I do the payroll at Hartley Mills, have done for years', 'do the payroll at Hartley Mills'],
    ['these days I handle customer service for a bike shop', 'handle customer service for a bike shop'],
  ])('%s', (message, job) => {
    expect(extractFacts(message).occupation).toBe(job);
  });

  it('a pastime somewhere is no job', () => {
    expect(extractFacts('I do pilates at the leisure centre').occupation).toBeUndefined();
  });

  it('is said back as told, not as a role', async () => {
    const replies = await talk(avatar, ['I look after the books for Castle Joinery', 'what do I do for work?']);
    expect(replies[1]?.response).toMatch(/look after the books for Castle Joinery/);
    expect(replies[1]?.response).not.toMatch(/work as an? (?:look|books)/);
  });
});

describe('where someone works is no feeling', () => {
  it.each(['I work at the hospital', "I'm a porter at the hospital", 'my husband works in the hospital'])(
    '%s',
    (message) => {
      expect(feelingOf(message).polarity).toBe('neutral');
    },
  );

  it.each([
    'I was brought up in Aberystwyth',
    'born and bred in Motherwell',
    'I was born in 1987',
    'my husband grew up near Limerick',
    'I need to budget carefully now the rent went up',
  ])('where one grew up or was born, or how one does a thing, is no feeling either: %s', (message) => {
    expect(feelingOf(message).polarity).toBe('neutral');
  });

  it.each(['our grandson was born on Friday!', 'my cousin was born yesterday'])(
    'a birth is still news: %s',
    (message) => {
      expect(feelingOf(message).polarity).toBe('positive');
    },
  );

  it.each(['my nan is in the hospital again', 'I work at the hospital and I am shattered'])(
    'a stay or a feeling told with it still counts: %s',
    (message) => {
      expect(feelingOf(message).polarity).toBe('negative');
    },
  );
});
