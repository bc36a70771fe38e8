/** Filling a voice line's slots: a value that opens a sentence starts with a capital letter. */
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './voice-tables';

describe('fillTemplate', () => {
  it('capitalises a value that opens a sentence inside the line', () => {
    expect(fillTemplate('Of course! {facts}.', { facts: 'your sister is called Ines' })).toBe(
      'Of course! Your sister is called Ines.',
    );
  });

  it('leaves a value after a colon or at the start as written', () => {
    expect(fillTemplate('from memory: {facts}.', { facts: 'your cat is Tofu' })).toBe('from memory: your cat is Tofu.');
    expect(fillTemplate('{name} online.', { name: 'nyx' })).toBe('nyx online.');
  });

  it('drops unknown slots and double spaces', () => {
    expect(fillTemplate('hi {who}  there', {})).toBe('hi there');
  });
});
