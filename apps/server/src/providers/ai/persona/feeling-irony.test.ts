import { describe, expect, it } from 'vitest';
import { feelingOf } from './feeling';

describe('mock praise said of a setback', () => {
  it.each([
    'Perfect. Just perfect. The dishwasher has flooded the kitchen.',
    'oh brilliant, my bike got stolen outside the gym',
    'wonderful, another parking ticket on the windscreen',
    'yay the heating broke again 🙃',
    'my phone died halfway through the hike, living the dream',
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each([
    'Great news, my sister passed her driving test!',
    'oh wonderful, the vet says she is healthy',
    'Brilliant. We won the pub quiz.',
  ])('sincere praise of good news stays good: %s', (message) => {
    expect(feelingOf(message).polarity).toBe('positive');
  });

  it("the writer's own state is not mock praise", () => {
    expect(feelingOf('so glad the exams are over, they were awful').polarity).not.toBe('negative');
  });
});

describe('irony faces and mishaps that happen again', () => {
  it.each([
    // An irony face turns all the praise, even of one's own state, to mock praise.
    'the landlord raised the rent again. thrilled, truly 🙄',
    'my manager moved the deadline up a week. so excited 🙃',
    'got stood up for coffee. love this for me 😒',
    // Praise of a mishap that happened before, with nothing good left beside it.
    'Oh, marvellous. Another burst pipe in the cellar.',
    'fantastic, the lift is broken again',
    'wow great, the wifi dropped for the fourth time today',
    // A praise word said over and over, and "totally fine", are exclamations.
    'my parcel went missing again. nice nice nice. totally fine.',
    // An idiom of mock praise.
    'the train was delayed an hour. exactly what I needed after work.',
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each(['another day, another win for the team!', 'great, another sunny afternoon at the lake, we love it'])(
    'good news told again stays good: %s',
    (message) => {
      expect(feelingOf(message).polarity).toBe('positive');
    },
  );

  it('a question after a reaction word is not mock praise', () => {
    expect(feelingOf('ok cool, another question for you').polarity).not.toBe('negative');
  });
});
