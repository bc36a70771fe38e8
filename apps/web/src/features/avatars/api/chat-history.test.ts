import { describe, expect, it } from 'vitest';
import { memoryLines } from './chat-history';

describe('memoryLines', () => {
  it('shows a person told by name as the name, and a thing as what it is', () => {
    const lines = memoryLines({
      facts: {
        name: 'Priya',
        about: [
          { key: 'sister', value: 'called Meera' },
          { key: 'uncle', value: 'named Bertil' },
          { key: 'car', value: 'a rusty green Skoda' },
        ],
      },
      notes: ['I grow chillies on the balcony'],
    } as unknown as Parameters<typeof memoryLines>[0]);
    expect(lines).toEqual([
      'Name: Priya',
      'Your sister: Meera',
      'Your uncle: Bertil',
      'Your car: a rusty green Skoda',
      'Things you said: 1 kept for recall',
    ]);
  });

  it('is empty without a memory', () => {
    expect(memoryLines(undefined)).toEqual([]);
  });
});
