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
