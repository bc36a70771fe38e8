/**
 * The language layer on sentences written for these tests (not from the intent examples or the
 * dialogue set): feelings with polarity, negation and emoji; facts wherever they appear; questions
 * about the avatar and about the user; live-data questions; task frames; topic switches.
 */
import { describe, expect, it } from 'vitest';
import { asksAboutUser, detectAct } from './acts';
import { forgetScope, recallTargets } from './fact-questions';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { identityAspect } from './identity';
import { liveQuestion } from './live-data';
import { languageModelState, parse, releaseLanguageModel } from './parse';
import { taskFrame } from './task-frames';
import { asksFirstTurn, asksLastTurn, describedBusiness, describedNews, resumedDraft, switchMarker } from './topics';

describe('feelingOf', () => {
  it.each([
    ['my landlord is kicking us out and I have nowhere to go', 'negative'],
    ["I'm not thrilled about the move, to be honest", 'negative'],
    ['our dog had to be put down this morning 😢', 'negative'],
    ['we won the pub quiz!!! 🥳', 'positive'],
    ["it wasn't awful at all, I actually enjoyed the dentist", 'positive'],
    ['landed the internship at the museum', 'positive'],
    ['the wedding was gorgeous but I am absolutely exhausted and my feet hurt', 'mixed'],
    ['draw a lighthouse with a red roof', 'neutral'],
    ['I run a flower stall in the market', 'neutral'],
    ['👍', 'neutral'],
    ["I'm not okay", 'negative'],
    ["I'm over the moon, she said yes!", 'positive'],
    ["I'm absolutely buzzing, we got the keys to our first flat today!", 'positive'],
    ['lovely! can you turn it into an nft?', 'neutral'],
    ["it's been a weird week, good and bad honestly", 'mixed'],
  ])('%s → %s', (text, polarity) => {
    expect(feelingOf(text).polarity).toBe(polarity);
  });

  it('does not read the words of a request as the feeling', () => {
    expect(feelingOf('could you paint something peaceful and happy for my nan?').polarity).toBe('neutral');
  });
});

describe('extractFacts', () => {
  it('finds facts said in passing inside a longer message', () => {
    expect(extractFacts('ugh the bus was late again. anyway I am Priti, nice to meet you').name).toBe('Priti');
    expect(extractFacts('my ferret Bandit stole a sock today, classic').pets).toEqual([
      { kind: 'ferret', name: 'Bandit' },
    ]);
    expect(extractFacts('we got two rabbits last year, Pip and Squeak').pets?.map((p) => p.name)).toEqual([
      'Pip',
      'Squeak',
    ]);
    expect(extractFacts('Writing this from a train, I relocated to Bergen in March').location).toBe('Bergen');
    expect(extractFacts("I'm a paramedic, so my hours are all over the place").occupation).toBe('paramedic');
    expect(extractFacts('my favourite film is Alien, no contest').likes).toEqual(['Alien (favourite film)']);
  });

  it('reads corrections and keeps moods out of names and jobs', () => {
    expect(extractFacts('no sorry, it is Bartholomew, Bart is just a nickname').name).toBe('Bartholomew');
    expect(extractFacts("I'm exhausted")).toEqual({});
    expect(extractFacts("I'm a bit lost")).toEqual({});
    expect(extractFacts("I'm an aunt again!")).toEqual({});
  });

  it('states nothing in a question, but keeps the statement before it', () => {
    expect(extractFacts("what's my dog called?")).toEqual({});
    expect(extractFacts('I am Idris and I fix bikes — could you make me a logo?').name).toBe('Idris');
  });
});

describe('memory questions and forgetting', () => {
  it.each([
    ['which town did I tell you I live in?', ['location']],
    ["what's my rabbit called again?", ['pets']],
    ['remind me what I do for work', ['occupation']],
  ])('%s asks for %s', (question, keys) => {
    expect(asksAboutUser(question)).toBe(true);
    expect(recallTargets(question)).toEqual(keys);
  });

  it('scopes what to forget', () => {
    expect(forgetScope('please wipe everything you have on me')).toEqual({ all: true });
    expect(forgetScope("don't store my name")).toEqual({ all: false, keys: ['name'] });
  });

  it('knows "what did I just ask/say"', () => {
    expect(asksLastTurn('hang on, what was I just asking you?')).toBe('ask');
    expect(asksLastTurn('what did I say just now?')).toBe('say');
    expect(asksLastTurn('what did I say about the weather in my town?')).toBeNull();
  });

  it('knows "what did I ask/say first"', () => {
    expect(asksFirstTurn('so what did I ask you first, again?')).toBe('ask');
    expect(asksFirstTurn('what was my very first message?')).toBe('say');
    expect(asksFirstTurn('what did I say about my first car?')).toBeNull();
  });
});

describe('identityAspect', () => {
  it.each([
    ['wait, is a human reading this or a machine?', 'ai'],
    ['what flavour of avatar are you then?', 'type'],
    ['sorry, what were you called again?', 'name'],
    ['what lvl are you at?', 'level'],
    ['what are your strengths?', 'skills'],
    ['go on, describe yourself', 'about'],
    ['do you reckon robots will take our jobs?', null],
    ["what's my name?", null],
  ])('%s → %s', (question, aspect) => {
    expect(identityAspect(question)).toBe(aspect);
  });
});

describe('liveQuestion', () => {
  it('names what was asked', () => {
    expect(liveQuestion('will it snow in Oslo tomorrow?')?.topic).toBe('the weather in Oslo');
    expect(liveQuestion('how much is solana right now?')?.topic).toContain('solana');
    expect(liveQuestion('did Liverpool win tonight?')?.kind).toBe('sport');
    expect(liveQuestion('is it raining there?', 'Cork')?.topic).toBe('the weather in Cork');
  });

  it('says back the transport question itself when it names no route', () => {
    expect(liveQuestion('has flight BA117 landed yet?')?.topic).toContain('BA117');
    expect(liveQuestion('is the number 12 bus running late this morning?')?.topic).toContain('12 bus');
  });

  it('leaves statements, tasks and timeless questions alone', () => {
    expect(liveQuestion('we launched our album today')).toBeNull();
    expect(liveQuestion('draw a snowy street')).toBeNull();
    expect(liveQuestion('who won the world cup in 1966?')).toBeNull();
  });
});

describe('taskFrame', () => {
  it.each([
    ['could you paint me a kingfisher on a branch', 'make_art'],
    ['I would love a watercolour of my street', 'make_art'],
    ['can we turn that into an nft', 'mint_nft'],
    ['any chance you could knock up a web page for my choir', 'build_website'],
    ['write a cast about our open day', 'social_post'],
    ['I like painting on weekends', null],
    ['show me a castle made of candy', 'make_art'],
    ['make a birthday card for my mum', 'make_art'],
    ['I think you should work on your copywriting', 'learn_skill'],
    ['we need an online presence for our cleaning company', 'build_website'],
    ['can I own that one as a collectible?', 'mint_nft'],
  ])('%s → %s', (text, act) => {
    expect(taskFrame(text)?.act ?? null).toBe(act);
  });

  it('tells code from sites', () => {
    expect(taskFrame('code me a little python tool that renames files')).toEqual({ act: 'build_website', code: true });
  });
});

describe('topics', () => {
  const site = { act: 'build_website', request: 'a site for my choir', subject: 'your choir', imagePrompt: null };
  const art = { act: 'make_art', request: 'paint a kingfisher', subject: null, imagePrompt: 'a kingfisher' };

  it('splits a switch marker from the new request', () => {
    expect(switchMarker('nah scrap that — paint a heron instead')).toEqual({ rest: 'paint a heron instead' });
    expect(switchMarker('never mind')).toEqual({ rest: '' });
    expect(switchMarker('paint a heron')).toBeNull();
  });

  it('resumes the draft a message names', () => {
    expect(resumedDraft('can we get back to the choir site?', [site, art])).toBe(site);
    expect(resumedDraft('back to the painting', [site, art])).toBe(art);
    expect(resumedDraft('make a new site about cheese', [site, art])).toBeNull();
    expect(resumedDraft('what happened with the website?', [site, art])).toBe(site);
    expect(resumedDraft('can we continue with the painting?', [site, art])).toBe(art);
  });

  it('remembers the business and the news described', () => {
    expect(describedBusiness('My brother and I run a tiny bike repair shop in Cork, called Spokes.')).toBe(
      'a tiny bike repair shop in Cork, called Spokes',
    );
    expect(describedNews('we finally launched the podcast today!')).toBe('we finally launched the podcast today');
    expect(describedBusiness('can you make a site for my shop?')).toBeNull();
  });

  it('detects acts in order: a resumed draft before a new frame, a memory question before identity', () => {
    expect(detectAct('back to the choir site', taskFrame('back to the choir site'), [site], null, true)?.resumed).toBe(
      site,
    );
    expect(detectAct('what name did I give you?', null, [], null, true)?.act).toBe('recall_fact');
  });
});

describe('the language model', () => {
  it('parses sentences and parts of speech, and can be released and loaded again', () => {
    const first = parse('Sam lives in Leeds. She paints herons.');
    expect(first.sentences).toHaveLength(2);
    expect(first.sentences[0]?.tokens.find((t) => t.text === 'Sam')?.pos).toBe('PROPN');
    releaseLanguageModel();
    expect(languageModelState().loaded).toBe(false);
    const loads = languageModelState().loads;
    expect(parse('A new sentence to read.').sentences).toHaveLength(1);
    expect(languageModelState()).toEqual({ loaded: true, loads: loads + 1 });
  });
});
