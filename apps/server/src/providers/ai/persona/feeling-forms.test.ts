import { describe, expect, it } from 'vitest';
import { feelingOf } from './feeling';

describe('salutations are no feeling', () => {
  it('"Good evening." opening a message leaves the news to be read alone', () => {
    expect(feelingOf('Good evening. Sadly the allotment flooded and we lost the whole crop.').polarity).toBe(
      'negative',
    );
    expect(feelingOf('Good afternoon! The hospital rang and my scan results are worrying.').polarity).toBe('negative');
    expect(feelingOf('Good morning, everyone. Could somebody post the rota?').polarity).toBe('neutral');
  });

  it('a good day or evening told is still good', () => {
    expect(feelingOf('we had such a good evening at the lake.').polarity).toBe('positive');
  });
});

describe('an event told in the passive', () => {
  it('being let go is losing the job, as letting someone go is', () => {
    expect(feelingOf('I was let go on Friday after six years').polarity).toBe('negative');
    expect(feelingOf('my brother just got let go from the bakery').polarity).toBe('negative');
    expect(feelingOf('we let go of the old lease and moved').polarity).toBe('neutral');
  });
});
