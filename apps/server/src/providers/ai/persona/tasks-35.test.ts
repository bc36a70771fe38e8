import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { draftEdit } from './draft-edits';
import { talk } from './talk.test-helper';
import { unseenOnline } from './task-unsaid';
import { wishesAutomation } from './task-wishes';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 5,
  experiencePoints: 6_100,
  skills: [
    { name: 'TypeScript', category: 'code', proficiency: 64 },
    { name: 'Watercolour', category: 'art', proficiency: 52 },
  ],
  id: 351,
  name: 'Wren',
  agentType: 'HACKER',
};

const action = (r: { taskSuggestion?: { action?: string } | null } | undefined) => r?.taskSuggestion?.action ?? null;
const prompt = (r: { taskSuggestion?: { prompt?: string } | null } | undefined) => r?.taskSuggestion?.prompt ?? '';

describe('a chore the user wishes the computer did', () => {
  it.each([
    'if only something could merge these two mailing lists by itself',
    'I do wish there were some way to have my laptop file these invoices automatically.',
    'wish i had a way to make the computer resize all these banners for me, alone',
  ])('%s is a program wished for', (message) => {
    expect(wishesAutomation(message)).toBe(true);
  });

  it.each([
    'I wish there was a way to tell her I am sorry',
    'I wish I had a way to relax after work',
    'my computer is slow today',
  ])('%s is no program', (message) => {
    expect(wishesAutomation(message)).toBe(false);
  });

  it('the chore told before the wish goes into the program brief', async () => {
    const [reply] = await talk(AVATAR, [
      'Every Monday I retype the workshop sign-up sheet into our booking ledger. I wish there were a way to have the computer do it automatically.',
    ]);
    expect(action(reply)).toBe('code_project');
    expect(prompt(reply)).toMatch(/sign-up|ledger/);
  });

  it('something asked for in a named language is a program in that language', async () => {
    const [reply] = await talk(AVATAR, ['need smth in rust that warns me when the freezer log goes above minus ten']);
    expect(action(reply)).toBe('code_project');
    expect(prompt(reply)).toMatch(/rust/i);
    expect(prompt(reply)).toMatch(/freezer/);
  });
});

describe('a business missing online, told as what customers ask', () => {
  it.each([
    'People always ask if they can check our class timetable online and I have nothing at all to show them.',
    'my clients keep asking me whether there is a web page with my rates, and honestly there is none',
  ])('%s is a site to suggest', (message) => {
    expect(unseenOnline(message)).toBe(true);
  });

  it('"what would you suggest?" after the site was suggested keeps the site and its business', async () => {
    const replies = await talk(AVATAR, [
      'I run a little upholstery workshop in Frome. Customers keep asking whether they can see my fabric samples online, and I have nothing to show them.',
      'So what would you suggest?',
    ]);
    expect(action(replies[0])).toBe('deploy_website');
    expect(action(replies[1])).toBe('deploy_website');
    expect(prompt(replies[1])).toMatch(/upholster/);
  });
});

describe('changes to the piece just asked for keep its task and subject', () => {
  const art = { lastTopic: 'make_art', lastRequest: 'paint an otter', lastArtPrompt: 'an otter on a log' };
  const site = { lastTopic: 'build_website', lastRequest: 'a site for my pottery class', lastArtPrompt: null };
  const post = { lastTopic: 'social_post', lastRequest: 'post that our choir won', lastArtPrompt: null };

  it.each([
    ['a touch warmer', art, /otter.*warmer/],
    ['and way moodier lol', art, /otter.*moodier/],
    ['Lovely. Muted colours, if you can.', art, /otter.*Muted colours/],
    ['watercolour style, like an old postcard', art, /otter.*watercolour style/],
    ['would you make it a little gloomier, like dusk before rain?', art, /otter.*gloomier/],
    ['longer please', post, /choir.*longer/],
    ['Somewhat punchier, please.', post, /choir.*punchier/],
    ['add a booking page', site, /pottery.*with a booking page/],
    ['k make it brighter pls', site, /pottery.*brighter/],
  ])('%s', (message, open, expected) => {
    expect(draftEdit(message, open)?.message).toMatch(expected);
  });

  it.each([
    ['much better thanks', art],
    ['I feel happier now', post],
    ['draw a kingfisher in pixel style', art],
    ['make it a website instead', art],
    ['shorter', { lastTopic: null, lastRequest: null, lastArtPrompt: null }],
  ])('%s is no edit', (message, open) => {
    expect(draftEdit(message, open)).toBeNull();
  });

  it('a page added to a site and a darker look keep the site about the business', async () => {
    const replies = await talk(AVATAR, [
      'build me a site for my bike courier thing',
      'add a rates page',
      'n make it darker',
    ]);
    for (const r of replies.slice(1)) {
      expect(action(r)).toBe('deploy_website');
      expect(prompt(r)).toMatch(/courier/);
    }
  });

  it('"shorter" after a post keeps the post and its news', async () => {
    const replies = await talk(AVATAR, [
      'we finally opened our climbing gym!!',
      'tell everyone pls',
      'a bit shorter pls',
    ]);
    expect(action(replies[2])).toBe('farcaster_post');
    expect(prompt(replies[2])).toMatch(/climbing/);
  });

  it('a style for the picture just asked for keeps its subject', async () => {
    const replies = await talk(AVATAR, ['can u paint a walrus playing chess', 'retro 16-bit style pls']);
    expect(action(replies[1])).toBe('mint_art_nft');
    expect(replies[1]?.imagePrompt).toMatch(/walrus/);
  });
});

describe('switching and coming back', () => {
  it('"k anyway, the banner" after a question resumes the banner', async () => {
    const replies = await talk(AVATAR, [
      'can u make a banner for my chess club tournament',
      'quick one, what skills do u have',
      'k anyway, the banner',
    ]);
    expect(action(replies[2])).toBe('mint_art_nft');
    expect(replies[2]?.imagePrompt).toMatch(/chess/);
  });

  it('"on second thoughts, I should prefer …" is the new request', async () => {
    const replies = await talk(AVATAR, [
      'Please write a small program that sorts my seed catalogue by sowing month.',
      'On second thoughts, I should prefer a watercolour of a kingfisher on a willow branch.',
    ]);
    expect(action(replies[1])).toBe('mint_art_nft');
    expect(replies[1]?.imagePrompt).toMatch(/kingfisher/);
  });

  it('"a site for it instead" after a post keeps what the post was about', async () => {
    const replies = await talk(AVATAR, [
      "write a post cheering on my cousin's pierogi stall",
      'nah wait, build a site for it instead',
    ]);
    expect(action(replies[1])).toBe('deploy_website');
    expect(prompt(replies[1])).toMatch(/pierogi/);
  });
});
