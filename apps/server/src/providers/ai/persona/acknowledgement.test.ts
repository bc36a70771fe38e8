/**
 * Acknowledgements before a question, lower-case pet names, and questions about "them" — on
 * sentences written for this test (not from any dialogue set or probe batch).
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { withoutAcknowledgement } from './acknowledgement';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 58,
  name: 'Moth',
  agentType: 'HUSTLER',
  description: 'Sells lamps at night markets.',
  personalityTraits: ['sly'],
  skills: [{ name: 'Copywriting', category: 'business', proficiency: 44 }],
  level: 2,
  experiencePoints: 1200,
};

describe('an acknowledgement before a question', () => {
  it.each([
    ['Cheers! Which city did I say I live in?', 'Which city did I say I live in?'],
    ['Ha, useful. And what is my dog called?', 'And what is my dog called?'],
    ['Yes! What colour shall we use?', 'Yes! What colour shall we use?'],
    ['Oh, lovely. The boiler broke again.', 'Oh, lovely. The boiler broke again.'],
  ])('"%s" → "%s"', (message, rest) => {
    expect(withoutAcknowledgement(message)).toBe(rest);
  });

  it('answers the question, not the thanks', async () => {
    const replies = await talk(avatar, [
      'I work for a shipping firm called Bluefin, in logistics',
      'any tips for a long commute?',
      'Thanks a lot! Which company do I work for?',
    ]);
    expect(replies.at(-1)!.response).toMatch(/Bluefin/);
  });

  it('reads a question about "them" as no question about the avatar', async () => {
    const replies = await talk(avatar, ['otters hold hands while they sleep', 'Wild. What else are they good at?']);
    expect(replies.at(-1)!.response).not.toMatch(/\bI can\b|\bmy skills\b|capabilit/i);
  });
});

describe('pet names typed in lower case or shouted beside', () => {
  it.each([
    ['my gecko noodle keeps escaping his tank lol', 'Noodle'],
    ['pablo my hamster bit me again', 'Pablo'],
    ['I have iguana, her name Pistacho, very old', 'Pistacho'],
    ['my cat biscuit is fighting my dog waffle AGAIN', 'Waffle'],
  ])('"%s" keeps %s', (said, name) => {
    expect((extractFacts(said).pets ?? []).map((p) => p.name)).toContain(name);
  });

  it.each(['walk my dog please', 'my dog food costs a fortune', 'my cat really hates baths'])(
    '"%s" names no pet',
    (said) => {
      expect(extractFacts(said).pets ?? []).toEqual([]);
    },
  );
});
