/**
 * Finishing set-aside work that the message does not name ("ok let's finish it", "finish the first
 * thing I asked for"), and "what was I asking for before the …?" answered with the message before
 * the interruption.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';
import { asksTurnBefore, resumedDraft } from './topics';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 51, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 52, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 53, name: 'Dash', agentType: 'HUSTLER' },
];

describe('finishing a draft the message does not name', () => {
  const post = { act: 'social_post', request: 'a cast about our new plum dumplings', subject: null, imagePrompt: null };
  const art = { act: 'make_art', request: 'draw an owl on a lamp post', subject: null, imagePrompt: 'an owl' };
  const site = { act: 'build_website', request: 'a site for my bike shop', subject: null, imagePrompt: null };

  it('takes the draft the newest one was started beside, or the first when the first is asked for', () => {
    expect(resumedDraft('sure. now we finish it', [post, art])).toBe(post);
    expect(resumedDraft('ok, finishing that one now', [site, post, art])).toBe(post);
    expect(resumedDraft('please finish the 1st thing', [site, post, art])).toBe(site);
    // With one draft, that one.
    expect(resumedDraft('finish it pls', [art])).toBe(art);
  });

  it('needs a word of finishing or returning: "finished" tells news, it resumes nothing', () => {
    expect(resumedDraft('we finished the kitchen floor yesterday', [post, art])).toBeNull();
    expect(resumedDraft('nice one', [post, art])).toBeNull();
  });

  it('"go on w the …" returns to that kind of draft', () => {
    expect(resumedDraft('fine, go on w the drawing', [art, post])).toBe(art);
  });
});

describe('the message before an interruption', () => {
  it('is meant by "before the <thing>"', () => {
    expect(asksTurnBefore('hang on, what did I want from you before the owl?')).toBe(true);
    expect(asksTurnBefore('before owl, what I asked?')).toBe(true);
    expect(asksTurnBefore('what did I just ask?')).toBe(false);
  });
});

describe.each(AVATARS)('switching away and finishing the first work ($agentType)', (avatar) => {
  it('finishes the post after a drawing, and names what was asked before it', async () => {
    const replies = await talk(avatar, [
      'hi, I run Dumpling Dock, a food stall in Gdansk. write a cast saying our plum dumplings are back on Friday',
      'oh hang on, different thing: draw me an owl sitting on a lamp post at night',
      'ha. what was I after before the owl?',
      'right, that. ok now we finish it',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('mint_art_nft');
    expect(replies[2]?.response).toMatch(/plum dumplings/i);
    expect(replies[3]?.taskSuggestion?.action).toBe('farcaster_post');
    expect(replies[3]?.taskSuggestion?.prompt).toMatch(/dumpling/i);
  });

  it('"finish the first thing I asked for" resumes it rather than quoting it', async () => {
    const replies = await talk(avatar, [
      'could you write a python script that totals the hours in my timesheet csv?',
      'wait, first paint a red kite over a wheat field',
      'what is 12 times 12?',
      'ok, please finish the first thing I asked for',
    ]);
    expect(replies[3]?.taskSuggestion?.action).toBe('code_project');
    expect(replies[3]?.taskSuggestion?.prompt).toMatch(/timesheet|hours/i);
  });
});
