/** The LLM path's memory update, on sentences written for this test. */
import { EMPTY_DIALOGUE_MEMORY } from '@app/domain/chat';
import { describe, expect, it } from 'vitest';
import type { ChatReply } from '../../providers/ai/types';
import { fallbackMemoryUpdate } from './memory-update';

const reply = (over: Partial<ChatReply> = {}): ChatReply => ({
  response: 'ok',
  intent: 'other',
  confidence: 1,
  actions: [],
  taskSuggestion: null,
  skillExercised: null,
  imagePrompt: null,
  ...over,
});

describe('fallbackMemoryUpdate (LLM path)', () => {
  it('stores facts, plans and the business said in passing, and forgets on request', () => {
    let memory = fallbackMemoryUpdate(
      EMPTY_DIALOGUE_MEMORY,
      "long day. I'm Maud by the way, we run a cider farm near Ledbury, and I'm off to Lyon in May",
      reply(),
    );
    expect(memory.facts.name).toBe('Maud');
    expect(memory.facts.plans).toEqual(["you're off to Lyon in May"]);
    expect(memory.context?.business).toMatch(/cider farm/);
    memory = fallbackMemoryUpdate(memory, 'please forget my name', reply());
    expect(memory.facts.name).toBeUndefined();
    expect(memory.facts.plans).toHaveLength(1);
  });

  it('corrects a stored fact and moves a plan, as the offline engine does', () => {
    let memory = fallbackMemoryUpdate(EMPTY_DIALOGUE_MEMORY, 'I live in Dundee and I teach pottery', reply());
    expect(memory.facts.location).toBe('Dundee');
    memory = fallbackMemoryUpdate(memory, 'sorry, I meant Perth, not Dundee', reply());
    expect(memory.facts.location).toBe('Perth');
    memory = fallbackMemoryUpdate(memory, 'I have a kiln firing on the 4th of March', reply());
    memory = fallbackMemoryUpdate(memory, 'the firing got moved to next Tuesday', reply());
    expect(JSON.stringify(memory.facts.plans)).toMatch(/next Tuesday/i);
    expect(JSON.stringify(memory.facts.plans)).not.toMatch(/March/);
  });

  it('forgets what was said about a named thing, whatever kind of fact holds it', () => {
    let memory = fallbackMemoryUpdate(EMPTY_DIALOGUE_MEMORY, 'I really love kayaking and I live in Bergen', reply());
    memory = fallbackMemoryUpdate(memory, 'can you forget what I said about kayaking', reply());
    expect(JSON.stringify(memory.facts)).not.toMatch(/kayak/i);
    expect(memory.facts.location).toBe('Bergen');
  });

  it('keeps the task it replaces as a resumable topic', () => {
    const site = reply({
      intent: 'build_website',
      taskSuggestion: { action: 'deploy_website', platform: 'replit', xpReward: 100, prompt: 'a site for the farm' },
    });
    const art = reply({
      intent: 'make_art',
      imagePrompt: 'apples at dusk',
      taskSuggestion: { action: 'mint_art_nft', platform: 'base', xpReward: 50, prompt: 'apples at dusk' },
    });
    let memory = fallbackMemoryUpdate(EMPTY_DIALOGUE_MEMORY, 'make a site for the farm', site);
    memory = fallbackMemoryUpdate(memory, 'actually, paint apples at dusk', art);
    expect(memory.lastTask?.request).toBe('apples at dusk');
    expect(memory.topics?.map((t) => t.request)).toEqual(['a site for the farm']);
  });
});
