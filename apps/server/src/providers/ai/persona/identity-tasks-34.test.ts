import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { identityAspects } from './identity';
import { talk } from './talk.test-helper';
import { unseenOnline, withArtConstraints, withPostConstraints } from './task-unsaid';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 3,
  experiencePoints: 4_650,
  skills: [
    { name: 'Watercolour', category: 'art', proficiency: 70 },
    { name: 'Pixel Art', category: 'art', proficiency: 55 },
  ],
  id: 341,
  name: 'Moss',
  agentType: 'CREATOR',
};

describe('the avatar asked about itself', () => {
  it('a level answer gives the total XP too', async () => {
    const [reply] = await talk(AVATAR, ['which level are u on and how much xp have u collected?']);
    expect(reply?.response).toMatch(/\b3\b/);
    expect(reply?.response).toMatch(/4650/);
  });

  it.each([
    ['haha fine. what level again? lost track', 'level'],
    ['whats the lvl rn', 'level'],
    ['and the 2nd skill?', 'skills'],
    ['ok what about the third skill', 'skills'],
    ['honestly, human or not?', 'ai'],
    ['bot or real person lol', 'ai'],
    ['did some team in an office program you or what', 'maker'],
    ['was it one guy who built you in his basement?', 'maker'],
  ])('%s → %s', (message, aspect) => {
    expect(identityAspects(message)).toContain(aspect);
  });

  it.each([
    'what level is the intermediate class',
    'my brother reached level 40 in his game',
    'the other skill my son needs is patience',
    'did my aunt make you a scarf?',
  ])('%s is no question about the avatar', (message) => {
    const aspects = identityAspects(message);
    expect(aspects.filter((a) => a === 'level' || a === 'skills' || a === 'maker')).toEqual([]);
  });

  it('a second skill asked after the skills is the second one, not a price', async () => {
    const replies = await talk(AVATAR, ['what are you best at?', 'and your 2nd skill?']);
    expect(replies[1]?.response).toMatch(/Pixel Art/);
    expect(replies[1]?.response).not.toMatch(/ETH/);
    expect(replies[1]?.taskSuggestion).toBeNull();
  });

  it('who made it, asked jokingly, suggests no task', async () => {
    const [reply] = await talk(AVATAR, ['did a bunch of nerds in a basement build u or what']);
    expect(reply?.taskSuggestion).toBeNull();
    expect(reply?.response).toMatch(/owner|platform/i);
  });

  it('"human or not" asks whether it is an AI', async () => {
    const [reply] = await talk(AVATAR, ['no offence. human or not?']);
    expect(reply?.response).toMatch(/\bAI\b/);
  });
});

describe('a business missing from the internet', () => {
  it.each([
    'my barber shop is pretty much invisible online, clients text me for opening times all day',
    'We have a tiny bookshop by the harbour and honestly nobody can find us on the internet',
    'I weave baskets in my garage and they do not exist online at all, I have nothing to show buyers',
  ])('%s → a site naming it', async (message) => {
    const [reply] = await talk(AVATAR, [message]);
    expect(reply?.taskSuggestion?.action).toBe('deploy_website');
    expect(reply?.taskSuggestion?.prompt).toMatch(/barber|bookshop|baskets/);
  });

  it('never to someone telling of a loss', () => {
    expect(unseenOnline('since my father died his corner shop has no website and I cannot think')).toBe(false);
  });

  it('talk of other sites suggests nothing', () => {
    expect(unseenOnline('I found a great website about birds yesterday')).toBe(false);
  });
});

describe('constraints said beside a request', () => {
  it('colours go into the art prompt', async () => {
    const [reply] = await talk(AVATAR, ['could you paint an owl on a pine branch? only greens and a touch of silver']);
    expect(reply?.imagePrompt).toMatch(/owl/);
    expect(reply?.imagePrompt).toMatch(/greens/);
    expect(reply?.taskSuggestion?.prompt).toMatch(/greens/);
  });

  it.each([
    ['a fox in snow', 'draw a fox in snow, just black and white please', /black and white/],
    ['a city at night', 'a city at night in soft blue tones, nothing flashy', /blue tones.*nothing flashy/],
  ])('%s keeps its palette', (prompt, message, wanted) => {
    expect(withArtConstraints(prompt, message)).toMatch(wanted);
  });

  it('tone, length, language and format go into the post prompt', async () => {
    const [reply] = await talk(AVATAR, [
      'write a post about our book club meeting on Thursday. keep it formal, under 40 words, in German, no emojis',
    ]);
    const prompt = reply?.taskSuggestion?.prompt ?? '';
    expect(prompt).toMatch(/book club/);
    expect(prompt).toMatch(/formal/);
    expect(prompt).toMatch(/40 words/);
    expect(prompt).toMatch(/German/);
    expect(prompt).toMatch(/no emojis/);
  });

  it('a constraint already in the request is not repeated', () => {
    expect(withPostConstraints('a post in Dutch about our fair', 'a post in Dutch about our fair')).toBe(
      'a post in Dutch about our fair',
    );
  });
});

describe('a site asked for after the business was told', () => {
  it('names the business though the request says more', async () => {
    const replies = await talk(AVATAR, [
      'My sister and I keep a small apple orchard in Kent, we sell cider at the farm shop.',
      'Her kids say every business has a decent website now and we look ancient. Could you build us one?',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/orchard|cider|farm shop/);
  });

  it('a program named first is asked for, though a song comes up in it', async () => {
    const [reply] = await talk(AVATAR, ['need a small program that finds the same song saved twice in my downloads']);
    expect(reply?.taskSuggestion?.action).toBe('code_project');
  });
});
