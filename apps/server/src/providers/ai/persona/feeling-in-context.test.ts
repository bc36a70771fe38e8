import { describe, expect, it } from 'vitest';
import { CHEER, COMFORT, STRONG_CHEER, STRONG_COMFORT } from '../../../eval/chat/checks';
import type { PersonaAvatar } from '../types';
import { feelingOf, lexiconFeelingOf } from './feeling';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 2,
  experiencePoints: 2_400,
  skills: [],
  id: 63,
  name: 'Moth',
  agentType: 'CREATOR',
};

describe('feelings told in events and idioms the lexicon lacks', () => {
  it.each([
    'Good news at last: I have been offered a place on the nursing course in Leeds.',
    'Sam proposed last night at the top of the hill and I said yes',
    'not gonna lie the gig was not bad at all 😌 like honestly great',
    "lol my sister called me 'doctor' at dinner im screaming",
    'my cousin just got ENGAGED 💍 im screaming',
  ])('%s → positive', (message) => {
    expect(feelingOf(message).polarity).toBe('positive');
  });

  it.each([
    'After nine years there, my role was cut on Friday. The manager was very polite about it.',
    'I am at the end of my tether with this landlord 😮‍💨 Fourth email without an answer.',
    'I trained every morning for a year for nothing',
    'Thank you. I am feeling rather low lately; my partner and I split up in June.',
    'Our cat has gone off her food and the vet is testing her on Friday. I am trying to stay calm for my mum.',
    'It is the not knowing that wears me down.',
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each(['honestly no idea whether to laugh or cry', 'So much love and so much missing him 😢'])(
    '%s → mixed',
    (message) => {
      expect(feelingOf(message).polarity).toBe('mixed');
    },
  );

  it('thanks alone is no news, and a purse saved up for is no rescue', () => {
    expect(feelingOf('thanks 🙏 right, back to it').polarity).toBe('neutral');
    expect(feelingOf('been saving for months for a new camera').polarity).toBe('neutral');
  });
});

describe('the story goes on in the tone already set', () => {
  it('after good news, disbelief told in plain words is still cheered', async () => {
    const [, reply] = await talk(AVATAR, [
      'The email came at noon: I have been offered a place on the conservatory course!',
      'I really did not see it coming. I checked the email four times.',
    ]);
    expect(reply?.response).toMatch(/glad|lovely|happy|congrat|well done|amazing|wonderful/i);
    expect(reply?.response).not.toMatch(STRONG_COMFORT);
  });

  it('after a loss, a memory told in plain words is still comforted', async () => {
    const [, reply] = await talk(AVATAR, [
      'My grandad died on Sunday.',
      'We always walked the dog together after lunch. Today I walked alone.',
    ]);
    expect(reply?.response).toMatch(COMFORT);
    expect(reply?.response).not.toMatch(STRONG_CHEER);
  });

  it('"she left" after bad news is no question about the date', async () => {
    const [, reply] = await talk(AVATAR, ['💔😭', 'she left']);
    expect(reply?.response).toMatch(COMFORT);
    expect(reply?.response).not.toMatch(/today is|\d{4}/i);
  });

  it('wondering aloud after bad news is no question to look up', async () => {
    const [, reply] = await talk(AVATAR, [
      'I was told on Monday that my job is gone after eleven years.',
      'I keep wondering how to tell my daughter. She is only nine.',
    ]);
    expect(reply?.response).toMatch(COMFORT);
    expect(reply?.response).not.toMatch(/offline|look that up/i);
  });
});

describe('a feeling told beside a question or thanks', () => {
  it('news with a question about the avatar gets sympathy and the answer', async () => {
    const [reply] = await talk(AVATAR, [
      "I've had an awful night; my mum was taken into hospital again. Sorry, remind me of your name?",
    ]);
    expect(reply?.response).toMatch(/Moth/);
    expect(reply?.response).toMatch(COMFORT);
  });

  it('shouted good news then a question: the joy is met too', async () => {
    const [, reply] = await talk(AVATAR, [
      'I live in Hull by the way',
      'GOT MY FIRST CAR 🚙🚙 hey do u remember where i live?? road trip time',
    ]);
    expect(reply?.response).toMatch(/Hull/);
    expect(reply?.response).toMatch(CHEER);
  });

  it('thanks followed by bad news is answered as the news', async () => {
    const [, reply] = await talk(AVATAR, [
      'can you paint a fox in the snow',
      'Thank you. I must say I am rather low these days; my husband and I separated in spring.',
    ]);
    expect(reply?.response).toMatch(COMFORT);
    expect(reply?.response).not.toMatch(/my pleasure|next idea/i);
  });
});

describe('a switch of topic said in other words', () => {
  it('"on reflection, forget that — could you instead …" does the new request in the same turn', async () => {
    const [, reply] = await talk(AVATAR, [
      'I would like a site for my choir in Dundee',
      'On reflection, forget that — could you instead write a tiny script that renames my holiday photos by date?',
    ]);
    expect(reply?.taskSuggestion?.action).toBe('code_project');
    expect(reply?.taskSuggestion?.prompt).toMatch(/photos/);
    expect(reply?.response).not.toMatch(/cleared|forgotten/i);
  });

  it('"forget this 🙅 — better you write code that sorts …" is a code request, not a question about types', async () => {
    const [, reply] = await talk(AVATAR, [
      'please make website for my bakery in Accra',
      'no, forget this 🙅 — better you write code that sort my recipe cards by cooking time',
    ]);
    expect(reply?.taskSuggestion?.action).toBe('code_project');
    expect(reply?.response).not.toMatch(/CREATOR\. i'm|type:/i);
  });

  it('"a different thing entirely: I should love a …" asks for the new piece', async () => {
    const [, reply] = await talk(AVATAR, [
      'can you code me a timer for my tea',
      'Actually, a different thing entirely: I should love a painting of an owl in a snowy pine.',
    ]);
    expect(reply?.taskSuggestion?.action).toBe('mint_art_nft');
    expect(reply?.imagePrompt).toMatch(/owl/);
  });

  it('"I run … and should like a website …" asks for the site', async () => {
    const [reply] = await talk(AVATAR, [
      'I run a small framing shop in Ghent and should like a website where people can order frames.',
    ]);
    expect(reply?.taskSuggestion?.action).toBe('deploy_website');
  });

  it('bad news said as "something unrelated" sets the draft aside, and "back to it" resumes it', async () => {
    const replies = await talk(AVATAR, [
      'Could you write me a program that tracks my plant watering?',
      'Excuse me, something unrelated: my brother was in a car accident this morning and I am so scared.',
      'thanks 🙏 ok, back to it',
    ]);
    expect(replies[1]?.taskSuggestion).toBeFalsy();
    expect(replies[1]?.response).toMatch(COMFORT);
    expect(replies[2]?.taskSuggestion?.action).toBe('code_project');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/watering/);
  });
});

describe('blind batch 35 kinds: shame, and a birth that only tells when', () => {
  it.each([
    'I was humiliated at the school gate this morning.',
    'i just replied-all to the whole office by mistake, i want to disappear',
    'I tripped on stage and the whole hall laughed at me',
  ])('%s → negative', (message) => {
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it('"the year my son was born" tells when, not news', () => {
    // The lexicon reads no news in it (the sentence classifier may still guess).
    expect(lexiconFeelingOf('We planted the apple tree the year my son was born.').polarity).toBe('neutral');
  });
});
