/**
 * A question about things reports no feeling; a statement or a question about the writer does — on
 * sentences written for this test (not from any dialogue set or probe batch).
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { feelingReportOf } from './feeling-report';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 41,
  name: 'Wren',
  agentType: 'CREATOR',
  description: 'Paints weather.',
  personalityTraits: ['calm'],
  skills: [{ name: 'Watercolour', category: 'creative', proficiency: 60 }],
  level: 2,
  experiencePoints: 1500,
};

/** Words of cheering or of sympathy in a reply. */
const FEELING_REPLY =
  /\b(?:congrat\w*|well done|celebrat\w*|so happy for you|sorry|that's a lot|sounds (?:really )?hard|rough)\b/i;

describe('what part of a message reports a feeling', () => {
  it.each([
    ['Are heated gloves worth the money?', ''],
    ['Splendid. Which glaze suits stoneware best?', ''],
    ['Ha, thanks a lot! And how is your week going?', ''],
    ['I am still trembling. How does one even start planning a honeymoon?', 'I am still trembling.'],
    ['why do I feel so flat every Sunday?', 'why do I feel so flat every Sunday?'],
    ["when's our wedding anniversary again? 💍", ''],
    ['so thrilled and also kind of terrified??', 'so thrilled and also kind of terrified??'],
    ['which camera do I own? 📷', ''],
    ['guess who just got promoted? me!', 'guess who just got promoted? me!'],
    ['what a relief, the ferry is running after all', 'what a relief, the ferry is running after all'],
  ])('"%s" → "%s"', (message, report) => {
    expect(feelingReportOf(message)).toBe(report);
  });

  it.each([
    'Is it rude to leave a wedding before the speeches?',
    'Are electric blankets good value or a gimmick?',
    'Lovely, thank you. Which paper is best for gouache?',
  ])('"%s" is answered without cheering or sympathy', async (message) => {
    const [reply] = await talk(avatar, [message]);
    expect(reply!.response).not.toMatch(FEELING_REPLY);
  });

  it.each([
    [
      'I got my motorbike licence this morning! Where should I ride first?',
      /congrat|well done|proud|amazing|brilliant/i,
    ],
    ['my cat died last night. how do people get through this?', /sorry|hard|here/i],
  ])('"%s" still gets its feeling answered', async (message, want) => {
    const [reply] = await talk(avatar, [message]);
    expect(reply!.response).toMatch(want);
  });
});
