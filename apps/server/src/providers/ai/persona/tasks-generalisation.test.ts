import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { tellsOwnPast } from './parse';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 2, experiencePoints: 2_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 31, name: 'Pike', agentType: 'HACKER' },
  { ...base, id: 32, name: 'Fern', agentType: 'CREATOR' },
  { ...base, id: 33, name: 'Ace', agentType: 'HUSTLER' },
];

describe('what one did is not a request', () => {
  it('reads the tense from the tagger', () => {
    expect(tellsOwnPast('I doodled a heron on the train home')).toBe(true);
    expect(tellsOwnPast("we've finally built the treehouse")).toBe(true);
    expect(tellsOwnPast("I'd love a doodle of a heron")).toBe(false);
    expect(tellsOwnPast("I'm painting the fence this weekend")).toBe(false);
  });

  it.each(['I doodled a heron on the train home', 'I built a little shed for the bikes last month'])(
    '%s → no task, no menu',
    async (message) => {
      for (const avatar of AVATARS) {
        const [reply] = await talk(avatar, [message]);
        expect(reply?.taskSuggestion).toBeNull();
        expect(reply?.imagePrompt).toBeNull();
      }
    },
  );

  it('shared work news is good news, not a build request', async () => {
    const [reply] = await talk(AVATARS[1] as PersonaAvatar, ['we just released the beta of our recipe app!']);
    expect(reply?.taskSuggestion).toBeNull();
    expect(reply?.response).toMatch(/congrat|wonderful|well done|happy for you|brilliant/i);
  });
});

describe('requests in other words', () => {
  it('a poem or a song is not routed to a post', async () => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, ['could you write me a short poem about the river?']);
      expect(reply?.taskSuggestion).toBeNull();
      expect(reply?.response).toMatch(/poem/);
      expect(reply?.response).toMatch(/the river/);
    }
  });

  it('"I\'d rather you sketched …" after a switch draws the new subject', async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      'make a site for my plumbing firm',
      "scrap that — I'd rather you sketched an owl in a bowler hat",
    ]);
    expect(replies[1]?.imagePrompt).toMatch(/owl in a bowler hat/);
  });

  it('a drawing "of" something with adjectives before it', async () => {
    const [reply] = await talk(AVATARS[1] as PersonaAvatar, ['can you do a rough sketch of a tram in the rain']);
    expect(reply?.imagePrompt).toBe('a tram in the rain');
  });

  it('a fact and a request in one message: both handled', async () => {
    const [reply] = await talk(AVATARS[2] as PersonaAvatar, ["my name's Idris, can you draw a kingfisher?"]);
    expect(reply?.memory?.facts.name).toBe('Idris');
    expect(reply?.imagePrompt).toMatch(/kingfisher/);
  });

  it('verification that mentions the chain is verification, not a mint', async () => {
    const [reply] = await talk(AVATARS[0] as PersonaAvatar, [
      'could you get my last task reviewed and recorded on-chain?',
    ]);
    expect(reply?.intent).not.toBe('mint_nft');
  });

  it('a business named in passing fills a later site request', async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      'we fix vintage radios out of a shed in Hebden Bridge, the company is called Valve & Co',
      'could you make us a website?',
    ]);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Valve & Co/);
  });

  it('news told inside the request is not repeated in the prompt', async () => {
    const [reply] = await talk(AVATARS[2] as PersonaAvatar, [
      'help me announce that our choir just won the regional final',
    ]);
    const prompt = reply?.taskSuggestion?.prompt ?? '';
    expect(prompt.match(/regional final/g)?.length).toBe(1);
  });

  it('a plan told with a request is kept; the request is not a plan', () => {
    expect(extractFacts("I'm off to Porto in August, can you remember that?").plans).toEqual([
      "you're off to Porto in August",
    ]);
    expect(extractFacts('post something about our quiz night on Thursday').plans).toBeUndefined();
  });
});

describe('switching topic in other words', () => {
  it('"could we chat about something else?" is a switch, not a request for the thing named', async () => {
    const [reply] = await talk(AVATARS[1] as PersonaAvatar, [
      "could we chat about something different? I'm sick of logos",
    ]);
    expect(reply?.taskSuggestion).toBeNull();
  });

  it('"… instead" is not part of what to build', async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      'draw a tram at night',
      'scrap that. make a website for my bike shop instead',
    ]);
    expect(replies[1]?.response).toMatch(/bike shop/);
    expect(replies[1]?.response).not.toMatch(/shop instead/);
  });

  it("\"it's called …\" after a request names the user's thing, not a question about the avatar's name", async () => {
    const replies = await talk(AVATARS[0] as PersonaAvatar, [
      "Could you put together a site for my uncle's chip shop? It's called The Golden Fry.",
      'actually, draw a seagull first',
      'ok back to the chip shop site',
    ]);
    expect(replies[0]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/Golden Fry/);
  });
});
