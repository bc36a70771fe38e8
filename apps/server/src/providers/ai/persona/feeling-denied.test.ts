import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { withoutEcho } from './acts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 2,
  experiencePoints: 2_000,
  skills: [],
  id: 61,
  name: 'Quill',
  agentType: 'CREATOR',
};

describe('a good thing that did not come about', () => {
  it.each([
    'the bonus never came this year',
    'so the promotion… didnt happen in the end',
    "the award just didn't come through for us",
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it('what did happen stays good', () => {
    expect(feelingOf('the reunion happened at last and it was wonderful').polarity).toBe('positive');
  });
});

describe('a question the writer answers', () => {
  it('is taken out before the answer is read', () => {
    expect(withoutEcho('the recital? honestly it went beautifully')).toBe('honestly it went beautifully');
    expect(withoutEcho('the ferry tomorrow? is it running?')).toBe('the ferry tomorrow? is it running?');
  });

  it('the answer is cheered, not looked up', async () => {
    const [reply] = await talk(AVATAR, ['my driving test? passed first time, the examiner even smiled']);
    expect(reply?.response).toMatch(/congrat|well done|amazing|wonderful|brilliant|proud/i);
    expect(reply?.response).not.toMatch(/offline|look that up/i);
  });

  it('a relative "where" after a noun asks nothing', async () => {
    const [reply] = await talk(AVATAR, ['another rainy week where my bus is late every single morning']);
    expect(reply?.response).not.toMatch(/nothing on that|no record|haven't told me/i);
  });
});
