import { describe, expect, it } from 'vitest';
import { kindOfNoun, parseRequests } from './request-frame';
import { taskFrame } from './task-frames';

// Sentences written for these tests; none is in a dialogue set or in intents.json.
const kind = (m: string) => parseRequests(m)[0]?.kind ?? null;

describe('parseRequests: the object decides the kind', () => {
  it('reads the head noun of the object through the noun table', () => {
    expect(kind('could you throw together a flyer for the allotment open day')).toBe('art');
    expect(kind('knock up a storefront for my hat shop')).toBe('site');
    expect(kind('can you put together a caption for my sunset photo')).toBe('post');
    expect(kind('whip up a scraper that collects train times')).toBe('code');
    expect(kind('sort me out a mascot for the chess club')).toBe('art');
  });

  it('lets a verb that makes one kind only decide, whatever the object', () => {
    expect(kind('doodle me a hedgehog in wellies')).toBe('art');
    expect(kind('tweet that the gallery reopens in June')).toBe('post');
    expect(kind('tokenise the otter piece')).toBe('mint');
  });

  it('takes the noun after "into" or "as"', () => {
    expect(kind('could we make the otter into a collectible?')).toBe('mint');
  });

  it('follows a vague object to the first noun that names a kind', () => {
    expect(kind('I want something that nags me to drink water, like a tiny bot')).toBe('code');
  });

  it('reads a vague object by what follows it: online is a site, a thing that acts is a program', () => {
    expect(kind('we need something online where customers can book slots')).toBe('site');
    expect(kind('I need something that backs up my phone every night')).toBe('code');
    expect(kind('something punchy for farcaster about our bake sale raising £300')).toBe('post');
    expect(kind('I need something that looks smart')).toBeNull();
    expect(kind('something to eat would be nice')).toBeNull();
  });

  it('reads a thing for a job with an object as a program, and verbs of spreading news as posts', () => {
    expect(kind('can you rustle up something to log my cycling miles')).toBe('code');
    expect(kind('paint me something to hang over the fireplace')).toBe('art');
    expect(kind('something to snack on would be nice')).toBeNull();
    expect(kind('we have to announce that the pool reopens on Friday')).toBe('post');
    expect(kind('I have to post fewer selfies')).toBeNull();
    expect(parseRequests('could you help promote that?')[0]).toMatchObject({ kind: 'post', reference: true });
  });

  it('keeps the object noun phrase apart from what follows it', () => {
    expect(parseRequests("I'd like a paper crane illustration minted as an nft")[0]).toMatchObject({
      kind: 'mint',
      phrase: 'a paper crane illustration',
    });
  });

  it('finds indirect requests: wishes, offers and bare objects', () => {
    expect(kind("we'd really love a banner for the summer fete")).toBe('art');
    expect(kind("I'm looking for a homepage for my tutoring")).toBe('site');
    expect(kind('any chance of a thread on our recycling drive?')).toBe('post');
    expect(kind('how about an icon for the running app')).toBe('art');
    expect(kind('a script that tidies my desktop would save me hours')).toBe('code');
    expect(kind('it would be lovely to have a portfolio for my ceramics')).toBe('site');
    expect(kind('care to sketch a badger on a bicycle?')).toBe('art');
    expect(kind('fancy drafting an announcement about the choir tour?')).toBe('post');
  });

  it('reads a wish whose subject is dropped or that is said as "what I want is …"', () => {
    expect(kind('could really do with a gadget page for the repair club')).toBe('site');
    expect(kind('would love a mural sketch for the school hall')).toBe('art');
    expect(kind('what we actually need is a scraper for the council planning list')).toBe('code');
    expect(kind('what I need is a long weekend')).toBeNull();
  });

  it('reads verbs of welcoming or profiting as wishes in the conditional only', () => {
    expect(kind('I would really appreciate a homepage for the allotment society')).toBe('site');
    expect(kind("we'd benefit from a tracker for the choir's sheet music")).toBe('code');
    expect(kind('my neighbours would appreciate a poster about the street party')).toBe('art');
    expect(kind('I appreciate the poster you made')).toBeNull();
    expect(kind('we benefit from a website already')).toBeNull();
  });

  it('reads a wish whose subject is a noun phrase named by a determiner, after a sentence adverb', () => {
    expect(kind('frankly the bakery could use a better homepage')).toBe('site');
    expect(kind('this club could really do with a scoring app')).toBe('code');
    expect(kind('the garden looks lovely this year')).toBeNull();
  });

  it('gives the pro-form "one" the kind of the artefact noun said before it', () => {
    expect(kind('the shop has never had a homepage. could you build one?')).toBe('site');
    expect(kind('our old logo is ugly, would be great to get a fresh one')).toBe('art');
    expect(kind('would be lovely to have a new one')).toBeNull();
    expect(kind('could you build one?')).toBeNull();
  });

  it('reads an opening verb as an imperative only in its base form', () => {
    expect(kind('built a portfolio for my cousin over the weekend')).toBeNull();
    expect(kind('finally sketched the lighthouse poster, took hours')).toBeNull();
    expect(kind('build a portfolio for my cousin')).toBe('site');
  });

  it('leaves statements, questions and likings alone', () => {
    expect(kind('I love the logo on your profile')).toBeNull();
    expect(kind('my uncle built a website for his garage')).toBeNull();
    expect(kind('I need to post more often')).toBeNull();
    expect(kind('a website is a lot of work')).toBeNull();
    expect(kind('do you enjoy painting?')).toBeNull();
    expect(kind('I need a long nap')).toBeNull();
    expect(kind("don't draw anything yet")).toBeNull();
  });

  it('tells a reference from a new, indefinite object', () => {
    const ref = parseRequests('can we turn this one into an nft?')[0];
    expect(ref?.reference).toBe(true);
    const fresh = parseRequests('how about a sticker for the podcast instead?')[0];
    expect(fresh).toMatchObject({ kind: 'art', indefinite: true, reference: false });
    expect(fresh?.object).toMatch(/^a sticker for the podcast/);
  });

  it('reads plurals the tagger leaves alone', () => {
    expect(kindOfNoun('posters')).toBe('art');
    expect(kindOfNoun('scripts')).toBe('code');
    expect(kindOfNoun('kettle')).toBeNull();
  });
});

describe('taskFrame uses the parse first', () => {
  it('asks for a piece of writing only when the writing is the object', () => {
    expect(taskFrame('could you paint a cover for my album, Ghost Stories?')?.act).toBe('make_art');
    expect(taskFrame('could you write me a story about a lighthouse?')?.writing).toBe('story');
  });

  it('routes a request by its object where no cue word is present', () => {
    expect(taskFrame('a watercolour of the harbour at low tide would make a lovely gift')).toEqual({
      act: 'make_art',
      code: false,
    });
    expect(taskFrame('we could do with a portfolio for the band')).toEqual({ act: 'build_website', code: false });
    expect(taskFrame('got a minute to bang out a regex for postcodes?')).toEqual({ act: 'build_website', code: true });
  });
});
