import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { lowerCaseLocation, lowerCaseName } from './fact-lowercase';
import { extractFacts } from './facts';
import { englishPart } from './guards';
import { talk } from './talk.test-helper';
import { refersBack } from './task-brief';
import { taskFrame } from './task-frames';
import { resumedDraft, switchMarker } from './topics';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 61, name: 'Quill', agentType: 'HACKER' },
  { ...base, id: 62, name: 'Fern', agentType: 'CREATOR' },
  { ...base, id: 63, name: 'Bolt', agentType: 'HUSTLER' },
];

describe('names and places typed in lower case without punctuation', () => {
  it.each([
    ['yo im tomasz i work nights at the depot', 'Tomasz'],
    ['evening all its priyanka here just checking in', 'Priyanka'],
    ['i am marguerite from lyon nice to meet you', 'Marguerite'],
  ])('%s → %s', (text, name) => {
    expect(lowerCaseName(text)).toBe(name);
  });

  it('does not read a state or a mood as a name', () => {
    expect(lowerCaseName('im knackered we had a long shift')).toBeNull();
    expect(lowerCaseName('im home i just got in')).toBeNull();
    expect(lowerCaseName('Hi I am Ravi')).toBeNull(); // capitals: the cased readers do this
  });

  it.each([
    ['we live in hamburg and have two kids', 'Hamburg'],
    ['living in porto these days with my partner', 'Porto'],
    ['im aleks from gdansk been coding for years', 'Gdansk'],
    ['i moved to san diego last spring', 'San Diego'],
  ])('%s → %s', (text, place) => {
    expect(lowerCaseLocation(text)).toBe(place);
  });

  it('stops at common nouns that name no place', () => {
    expect(lowerCaseLocation('i live in a tiny flat')).toBeNull();
    expect(lowerCaseLocation('we moved to town in may')).toBeNull();
  });

  it('the facts reader keeps both from one run-on message', () => {
    const facts = extractFacts('hiya im odile i live in marseille and i bake bread for a living');
    expect(facts.name).toBe('Odile');
    expect(facts.location).toBe('Marseille');
  });
});

describe('English read out of a message that mixes languages', () => {
  it('keeps the English clauses and leaves the rest', () => {
    expect(englishPart('Buongiorno! Sono stanca, but my name is Chiara and I live in Bari')).toBe(
      'but my name is Chiara and I live in Bari',
    );
    expect(englishPart('Bonjour, je suis Paul. Can you draw me a heron?')).toBe('Can you draw me a heron?');
  });

  it('leaves English with a borrowed word or accent alone', () => {
    expect(englishPart('our little café reopened, can you post about it')).toBeNull();
    expect(englishPart('what a day, my résumé is finally done')).toBeNull();
    expect(englishPart('hola que tal')).toBeNull();
  });

  it.each(AVATARS)('remembers a name told in the English part ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'Guten Morgen! Ich bin müde, but my name is Henrike',
      'what did I say my name was?',
    ]);
    expect(replies[0]?.memory?.facts.name).toBe('Henrike');
    expect(replies[1]?.response).toMatch(/Henrike/);
  });
});

describe('requests for code and sites, whatever the words around them', () => {
  it('"code" as a noun asks for a program', () => {
    expect(taskFrame('we need some code that emails the rota every friday')?.code).toBe(true);
    expect(taskFrame('I really need some code to tidy my downloads folder')?.code).toBe(true);
  });

  it('an adverb between the subject and the wish does not hide it', () => {
    expect(taskFrame('I badly want a banner for the stall')?.act).toBe('make_art');
    expect(taskFrame('we seriously need a poster for the quiz night')?.act).toBe('make_art');
    expect(taskFrame('we urgently need a landing page, the launch is close')?.act).toBe('build_website');
  });

  it('dropping a thing asks for nothing', () => {
    expect(taskFrame('skip the app')).toBeNull();
    expect(taskFrame('ditch the logo, we are fine')).toBeNull();
  });

  it.each(AVATARS)(
    'a program is briefed by what it does, not by the business said before ($agentType)',
    async (avatar) => {
      const replies = await talk(avatar, [
        'we run a bike repair shop called Spoke Street, can you make us a website',
        'put that on hold, I need a script that resizes my product photos',
      ]);
      expect(replies[1]?.taskSuggestion?.action).toBe('code_project');
      expect(replies[1]?.taskSuggestion?.prompt).toMatch(/resizes/);
    },
  );
});

describe('pointing back, and what only looks like it', () => {
  it('a relative "that", a copula or "before that" points at nothing earlier', () => {
    expect(refersBack('a little tool that merges pdf files')).toBe(false);
    expect(refersBack('a page for Kestrel Books, that is my shop')).toBe(false);
    expect(refersBack("a site for Hollow Oak, that's our cider farm")).toBe(false);
    expect(refersBack('before that I need a poster for the fete')).toBe(false);
  });

  it('an object pronoun does', () => {
    expect(refersBack('can you post it on farcaster')).toBe(true);
    expect(refersBack('mint that for me')).toBe(true);
    expect(refersBack('make this one brighter')).toBe(true);
  });
});

describe('switching away and coming back', () => {
  it('parking or pausing a draft is a switch; how long it waits is no part of the new request', () => {
    expect(switchMarker('park that, I need a post about the fete')?.rest).toBe('I need a post about the fete');
    expect(switchMarker('put that on hold for a sec and draw me a kettle')?.rest).toBe('draw me a kettle');
    expect(switchMarker('scrap that for now and make a logo')?.rest).toBe('make a logo');
    expect(switchMarker('hang on, pause that. I want a cast about the fete')?.rest).toBe(
      'I want a cast about the fete',
    );
  });

  const site = {
    act: 'build_website',
    request: 'a site for my pottery class, Wet Clay',
    subject: null,
    imagePrompt: null,
  };
  const art = { act: 'make_art', request: 'paint an owl on a telegraph pole', subject: null, imagePrompt: 'an owl' };

  it('a draft named as said before, or given the go-ahead, is resumed', () => {
    expect(resumedDraft('the pottery thing we talked about, go for it', [site, art])).toBe(site);
    expect(resumedDraft('hmm, that owl idea from earlier, let us do it', [site, art])).toBe(art);
    expect(resumedDraft('good. the owl now', [site, art])).toBe(art);
  });

  it('asking for something new now is no resume', () => {
    expect(resumedDraft('draw a new owl now', [site, art])).toBeNull();
    expect(resumedDraft('what time is it now', [site, art])).toBeNull();
  });

  it.each(AVATARS)('resumes a site after small talk by a back-reference ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'could you build a website for my pottery class, Wet Clay?',
      'do you ever sleep?',
      'right, the pottery thing from before, let us do it',
    ]);
    expect(replies[2]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/Wet Clay/);
  });
});
