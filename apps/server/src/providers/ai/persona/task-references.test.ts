import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { parseRequests } from './request-frame';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 2, experiencePoints: 2_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 41, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 42, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 43, name: 'Dash', agentType: 'HUSTLER' },
];

describe('two asks in one message', () => {
  it('a second verb of making after "and", "then" or "plus" opens a second request', () => {
    expect(
      parseRequests('please design a homepage for my ferry service and then paint a banner for it').map((r) => r.kind),
    ).toEqual(['site', 'art']);
    expect(parseRequests('I want a bot that sorts my inbox, plus a quick cast about it').map((r) => r.kind)).toEqual([
      'code',
      'post',
    ]);
    // A verb with an ending continues the clause it is in.
    expect(parseRequests('we need a tool that reads the meter and emails me the total')).toHaveLength(1);
  });

  it('the second ask waits as a draft about what the first was for', async () => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, [
        'could you make a website for my sailing school Bluewater and also draw a mascot for it?',
        'right, the mascot now',
      ]);
      expect(replies[0]?.taskSuggestion?.action).toBe('deploy_website');
      expect(replies[1]?.taskSuggestion?.action).toBe('mint_art_nft');
      expect(replies[1]?.taskSuggestion?.prompt).toMatch(/sailing school/);
    }
  });

  it('a post asked beside a program is about the program', async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      'build me a tool that converts my recipes to shopping lists, and also write a cast saying it is free',
      'and the cast?',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('farcaster_post');
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/recipes/);
  });
});

describe('a post that names nothing of its own is about what was just made', () => {
  it.each([
    ['set up a page for my dog grooming van, Suds on Wheels', 'now shout about it on farcaster', /grooming|Suds/],
    ['code me a little quiz game about capital cities', 'cast something so people try it', /quiz|capital/],
  ])('%s → %s', async (first, second, topic) => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, [first, second]);
      expect(replies[1]?.taskSuggestion?.action).toBe('farcaster_post');
      expect(replies[1]?.taskSuggestion?.prompt).toMatch(topic);
    }
  });

  it('a post with a topic of its own keeps it', async () => {
    const replies = await talk(AVATARS[1] as PersonaAvatar, [
      'make a site for my cycling club',
      'now write a post saying our spring ride starts at the harbour',
    ]);
    expect(replies[1]?.taskSuggestion?.prompt).not.toMatch(/cycling club/);
  });
});

describe('a need described, then asked for by reference', () => {
  it('"it would help if something could …" wishes for a program', () => {
    expect(parseRequests('it would help so much if something could sort my receipts by month')[0]?.kind).toBe('code');
    expect(parseRequests("it'd be lovely if an old friend dropped by")).toHaveLength(0);
  });

  it('"could you write that for me?" asks for the program just described', async () => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, [
        'it would save me a whole evening if something could rename my scanned receipts by date',
        'ok, can you make that for me?',
      ]);
      expect(replies[1]?.taskSuggestion?.action).toBe('code_project');
      expect(replies[1]?.taskSuggestion?.prompt).toMatch(/receipts/);
    }
  });

  it('"it" reaches back past the last statement to the thing described before it', async () => {
    const replies = await talk(AVATARS[2] as PersonaAvatar, [
      'The choir sheet music cupboard is chaos, nobody knows what we own.',
      'People borrow scores and never bring them back.',
      'Could you build an app to keep track of it?',
    ]);
    expect(replies[2]?.taskSuggestion?.action).toBe('code_project');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/sheet music|cupboard/);
  });
});

describe('news and what it is called', () => {
  it('a post about "it" carries the name said after the news', async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      'we finally released our first album!! its called salt & static',
      'can u write a post about it',
    ]);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/salt & static/);
  });

  it('a post about newer news is a new post, not more of the last draft', async () => {
    const replies = await talk(AVATARS[1] as PersonaAvatar, [
      'omg we just launched our seed library in hove!! its called sow & share',
      'write a lil post abt it',
      'we just opened a second allotment in portslade!! its called the long row',
      'write a post bout it',
    ]);
    expect(replies[3]?.taskSuggestion?.prompt).toMatch(/portslade/);
    expect(replies[3]?.taskSuggestion?.prompt).not.toMatch(/seed library/);
  });
});
