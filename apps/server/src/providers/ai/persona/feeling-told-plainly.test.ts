import { describe, expect, it } from 'vitest';
import { COMFORT, STRONG_CHEER } from '../../../eval/chat/checks';
import type { PersonaAvatar } from '../types';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 3,
  experiencePoints: 3_000,
  skills: [],
  id: 62,
  name: 'Wren',
  agentType: 'HUSTLER',
};

describe('feelings told in idioms and events', () => {
  it.each([
    "honestly couldn't be more grateful for this team",
    "can't complain, the new flat is lovely and the neighbours wave",
    "we're so hyped for the gig tonight",
    'the studio spot is ours!',
    'the gallery said yes to us!!',
    'a stranger bought one of my prints today',
    'got the promo at last',
  ])('%s → positive', (message) => {
    expect(feelingOf(message).polarity).toBe('positive');
  });

  it.each([
    'I have to retake my driving theory test in June, and my insurance depends on it',
    'everybody else on the course got picked for the tour',
    'my mind went blank halfway through the viva',
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each([
    "Great for the kids, but I'll miss the old garden terribly",
    'so hyped about the new job but honestly kinda terrified too',
  ])('%s → mixed', (message) => {
    expect(feelingOf(message).polarity).toBe('mixed');
  });

  it('a wish on leaving is no feeling', () => {
    expect(feelingOf('have a lovely evening').polarity).toBe('neutral');
  });
});

describe('after bad news', () => {
  it('the story told on is still met with comfort, not "noted" or a list of facts', async () => {
    const replies = await talk(AVATAR, [
      'the vet said there was nothing more they could do for Pepper',
      'I keep setting out two food bowls in the morning',
      "I don't know what to say to the children when they get home",
    ]);
    for (const reply of replies.slice(1)) {
      expect(reply.response).toMatch(COMFORT);
      expect(reply.response).not.toMatch(STRONG_CHEER);
      expect(reply.response).not.toMatch(/no record|haven't told me|noted/i);
    }
  });

  it('worry asked as "what if" is comforted, not looked up in memory', async () => {
    const [, reply] = await talk(AVATAR, [
      'my stomach is in knots about the audition',
      'what if my voice cracks on the high note',
    ]);
    expect(reply?.response).toMatch(COMFORT);
    expect(reply?.response).not.toMatch(/from memory|no record|haven't told me/i);
  });

  it('a long statement with "sign off" in it takes no leave', async () => {
    const [reply] = await talk(AVATAR, [
      'The landlord wants every scuff painted over before they will sign off on the deposit',
    ]);
    expect(reply?.response).not.toMatch(/bye|later|see you|cya|take care/i);
  });

  it('"bye for now, have a lovely evening" is a goodbye, not good news', async () => {
    const [, reply] = await talk(AVATAR, ['hey there', 'ok bye for now, have a lovely evening']);
    expect(reply?.response).toMatch(/later|bye|see you|take care|catch you|peace/i);
    expect(reply?.response).not.toMatch(/congrat|glad for you|well earned/i);
  });
});
