import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { identityAspects } from './identity';
import { talk } from './talk.test-helper';
import { taskFrame } from './task-frames';
import { resumedDraft, switchMarker } from './topics';
import { fixTypos } from './typos';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 41, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 42, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 43, name: 'Dash', agentType: 'HUSTLER' },
];

describe('resuming a draft by its words', () => {
  const site = {
    act: 'build_website',
    request: 'a site for my kayak hire, Paddle Bay',
    subject: null,
    imagePrompt: null,
  };
  const art = { act: 'make_art', request: 'paint two herons in the reeds', subject: null, imagePrompt: 'two herons' };

  it('finds the draft whose request has a content word of the message', () => {
    expect(resumedDraft('right, the heron, go on', [site, art])).toBe(art);
    expect(resumedDraft('ok back to Paddle Bay', [art, site])).toBe(site);
    expect(resumedDraft('okay, the kayaks then', [site, art])).toBe(site);
    // Cue and filler words alone name nothing.
    expect(resumedDraft('ok back to it then', [site, art])).toBeNull();
    expect(resumedDraft('right, the weather in Oslo', [site, art])).toBeNull();
  });

  it('never resumes a draft that is not a task draft (practising a skill again is a new practice)', () => {
    const learn = { act: 'learn_skill', request: 'learn ocaml functors', subject: null, imagePrompt: null };
    expect(resumedDraft('can we practise ocaml functors again', [learn])).toBeNull();
    expect(resumedDraft('back to ocaml functors', [site, learn])).toBeNull();
  });

  it.each(AVATARS)('resumes after a digression ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'sketch a lantern festival on a river',
      'what is 9 times 7?',
      'cool, the lantern one please',
    ]);
    expect(replies[2]?.imagePrompt).toMatch(/lantern/);
  });

  it.each(AVATARS)('"where were we" picks the open draft up ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'make a site for my ceramics studio, Kiln Corner',
      'I had a long day honestly',
      'so, where were we',
    ]);
    expect(replies[2]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/Kiln Corner/);
  });
});

describe('a correction inside one message', () => {
  it('keeps what comes after the correction', () => {
    expect(switchMarker('paint a comet. no wait, write a cast about the comet')?.rest).toBe(
      'write a cast about the comet',
    );
    expect(switchMarker('draw a lighthouse, actually no, first make a site for the harbour')?.rest).toBe(
      'make a site for the harbour',
    );
    // "no" that corrects nothing, and a correction that opens the message, are left to the other rules.
    expect(switchMarker('paint a comet, no clouds please')).toBeNull();
  });

  it.each(AVATARS)('asks for the corrected task ($agentType)', async (avatar) => {
    const replies = await talk(avatar, ['paint a comet over a barn', 'mint it. wait no, post about it first']);
    expect(replies[1]?.taskSuggestion?.action).toBe('farcaster_post');
  });
});

describe('routing a build request', () => {
  it('asks for the program when it is named before the site it works on', () => {
    expect(taskFrame('could you write a small bot that tweets when my site goes offline')).toEqual({
      act: 'build_website',
      code: true,
    });
    expect(taskFrame('build a website that lists my python scripts')).toEqual({ act: 'build_website', code: false });
  });

  it('reads a bare "need a …" as a request', () => {
    expect(taskFrame('need a one-pager for the chess club I coach on Fridays')?.act).toBe('build_website');
    expect(taskFrame('need a break honestly')).toBeNull();
  });
});

describe('a request pointing at what was just said', () => {
  it.each(AVATARS)('carries the statement into the brief ($agentType)', async (avatar) => {
    const post = await talk(avatar, ['our allotment grew a record pumpkin this year', 'could you cast that for me']);
    expect(post[1]?.taskSuggestion?.action).toBe('farcaster_post');
    expect(post[1]?.taskSuggestion?.prompt).toMatch(/pumpkin/);
    const site = await talk(avatar, [
      'my uncle Tomas repairs clocks in Porto, his workshop is Tick Tock Atelier',
      'put together a site for his workshop',
    ]);
    expect(site[1]?.taskSuggestion?.action).toBe('deploy_website');
    expect(site[1]?.taskSuggestion?.prompt).toMatch(/Tick Tock|clock/);
  });
});

describe('robust reading', () => {
  it('restores task words typed without vowels, and only those', () => {
    expect(fixTypos('cn u drw a heron')).toBe('can u draw a heron');
    expect(fixTypos('a tiny scrpt for my notes')).toBe('a tiny script for my notes');
    expect(fixTypos('hmm, shh, brr')).toBe('hmm, shh, brr');
    expect(fixTypos('meet at 3pm PST')).toBe('meet at 3pm PST');
  });

  it('finds the request at the end of a long story', () => {
    const story =
      'my flatmate and I spent the whole weekend clearing out the loft, found boxes of old comics and a broken ' +
      'radio, it was dusty and we argued about what to keep, anyway could you sketch an attic full of comics';
    expect(taskFrame(story)?.act).toBe('make_art');
    const need =
      'work has been a slog this month and the team is tiny, nobody has time for admin, but what we honestly ' +
      'need today is a script that tidies the shared drive';
    expect(taskFrame(need)).toEqual({ act: 'build_website', code: true });
  });

  it('hears a level question in the past tense', () => {
    expect(identityAspects('have you levelled up much lately?')).toContain('level');
    expect(identityAspects('are you still levelling?')).toContain('level');
  });
});

describe('resuming without a resume verb', () => {
  const site = {
    act: 'build_website',
    request: 'a page for my soap shop, Lather Lane',
    subject: null,
    imagePrompt: null,
  };
  const art = { act: 'make_art', request: 'sketch an otter juggling shells', subject: null, imagePrompt: 'an otter' };

  it('takes a short opener naming a draft, and nothing that asks anew', () => {
    expect(resumedDraft('alright, Lather Lane', [site, art])).toBe(site);
    expect(resumedDraft('anyway, that otter', [site, art])).toBe(art);
    expect(resumedDraft('no, stick with the otter', [site, art])).toBe(art);
    expect(resumedDraft('ok thanks', [site, art])).toBeNull();
    expect(resumedDraft('right, draw an otter on a raft', [site, art])).toBeNull();
  });

  it.each(AVATARS)('carries a told activity into a request naming it ($agentType)', async (avatar) => {
    const replies = await talk(avatar, ['I run pottery classes in Bath', 'make a site for the classes']);
    expect(replies[1]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/pottery/);
  });
});

describe('a question about looks, then "show me"', () => {
  it.each(AVATARS)('draws the subject of the question ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, ['how might a glass forest at dusk look? draw it']);
    expect(reply?.imagePrompt).toMatch(/glass forest/);
  });

  it('leaves a plain question about looks alone', () => {
    expect(taskFrame('what does a pangolin look like?')).toBeNull();
  });
});

describe('less common ways of asking', () => {
  it.each([
    ['would you mind drawing a lynx in the snow', 'make_art'],
    ["I'd adore a sketch of a tram at night", 'make_art'],
    ['compose a cast about the village fete', 'social_post'],
    ['mind posting the fete news?', 'social_post'],
    ['is it possible for you to set up a site for my tailoring shop?', 'build_website'],
  ])('%s → %s', (message, act) => {
    expect(taskFrame(message)?.act).toBe(act);
  });

  it.each(AVATARS)('drops a question tacked on after the thing asked for ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, ['I want a site, could you manage that?']);
    expect(reply?.taskSuggestion?.action).toBe('deploy_website');
    expect(reply?.response).not.toMatch(/could you manage/i);
  });
});

describe('more openers and cues', () => {
  it('resumes after a word of praise naming the draft', () => {
    const site = {
      act: 'build_website',
      request: 'a page for my bike shop, Chain Gang',
      subject: null,
      imagePrompt: null,
    };
    expect(resumedDraft('lovely, now Chain Gang', [site])).toBe(site);
    expect(resumedDraft('great, thanks', [site])).toBeNull();
  });

  it('reads a wish stated as "would be great" and spreading the word as requests', () => {
    expect(taskFrame('a tiny bot that waters nothing but reminds me to stretch would be handy')).toEqual({
      act: 'build_website',
      code: true,
    });
    expect(taskFrame('spread the word that the choir needs tenors')?.act).toBe('social_post');
  });
});

describe('a resume that adds to the draft', () => {
  it('keeps what the long resume adds', async () => {
    const replies = await talk(
      {
        id: 95,
        name: 'Kite',
        agentType: 'CREATOR',
        description: null,
        personalityTraits: [],
        skills: [],
        level: 1,
        experiencePoints: 0,
      },
      [
        'Could you build a site for my bike repair stand in Ghent, Spoke Doctor?',
        'unrelated, what did you do today?',
        'right, back to the site: add that we also fix prams and wheelchairs for free',
      ],
    );
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/Spoke Doctor/);
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/prams and wheelchairs/);
  });
});
