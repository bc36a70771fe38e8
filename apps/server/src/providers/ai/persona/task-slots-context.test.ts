import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { askedPart } from './guards';
import { parseRequests } from './request-frame';
import { talk } from './talk.test-helper';
import { requestedArt } from './task-art';
import { describedBusiness, describedNews } from './task-context';
import { refinesDraft } from './task-followup';
import { asksOfTheWorld, taskFrame } from './task-frames';
import { switchMarker, WHERE_WE_WERE } from './topics';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 4_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 81, name: 'Rivet', agentType: 'HACKER' },
  { ...base, id: 82, name: 'Moss', agentType: 'CREATOR' },
  { ...base, id: 83, name: 'Vale', agentType: 'HUSTLER' },
];

describe('what a mint asks for, said without "an nft of"', () => {
  it.each([
    ['mint me a heron asleep on a frozen pond', 'a heron asleep on a frozen pond'],
    ['Make NFT: lanterns drifting over a harbour', 'lanterns drifting over a harbour'],
    ['please make an NFT, a fox reading by candlelight', 'a fox reading by candlelight'],
  ])('%s → %s', (message, prompt) => {
    expect(requestedArt(message, message, 'mint')).toEqual({ kind: 'subject', prompt });
  });
});

describe('a business described in the words people use', () => {
  it('without an article, with "the name …" or "name:"', () => {
    expect(describedBusiness('We have bike repair shop in Ghent, the name Spoke Street.')).toBe(
      'a bike repair shop in Ghent called Spoke Street',
    );
    expect(describedBusiness('I open tea stall in Leeds, the name: Leaf Corner')).toBe(
      'a tea stall in Leeds called Leaf Corner',
    );
  });

  it('"my bakery" with no "I", and "my own" kept with its owner', () => {
    expect(describedBusiness('just opened my bakery in lisbon!! so tired')).toBe('a bakery in lisbon');
    expect(describedBusiness('omg my own pottery studio in Cork, finally')).toMatch(/^your own pottery studio in Cork/);
  });

  it('not what the writer lacks or never had', () => {
    expect(describedBusiness("We've never had our own homepage, only the listing sites.")).toBeNull();
    expect(describedBusiness("I don't own a shop in Cardiff any more")).toBeNull();
  });

  it('a name given in the next sentence', () => {
    expect(describedBusiness('I rented my own pottery studio in Cork. It will be called Clay Days.')).toBe(
      'your own pottery studio in Cork called Clay Days',
    );
  });
});

describe('news told without "I", or in the present', () => {
  it.each(['Last week I finish my first triathlon!!', 'ran my first half marathon this morning, lets gooo'])(
    '%s',
    (message) => {
      expect(describedNews(message)).not.toBeNull();
    },
  );
});

describe('questions about a thing are no request to make it', () => {
  it('an explanation asked for', () => {
    expect(taskFrame('could you explain how an NFT works?')).toBeNull();
    expect(taskFrame('tell me what a landing page is, please')).toBeNull();
    expect(taskFrame('could you make an NFT of my cat?')).not.toBeNull();
  });

  it('a quantified subject states; it wishes for nothing', () => {
    expect(parseRequests('most people post their holidays, it is boring')).toEqual([]);
  });

  it('a question about the world, involving neither party', () => {
    expect(asksOfTheWorld('crows can recognise faces?')).toBe(true);
    expect(asksOfTheWorld('what even is a landing page')).toBe(true);
    expect(asksOfTheWorld('can you draw crows?')).toBe(false);
    expect(asksOfTheWorld('what about a poster for it?')).toBe(false);
    expect(asksOfTheWorld('what other tricks do crows know', true)).toBe(true);
    expect(asksOfTheWorld('what tasks are there', true)).toBe(false);
  });

  it.each(AVATARS)('"what is a landing page, really" offers no task ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, ['so what is a landing page, really']);
    expect(reply?.taskSuggestion).toBeNull();
  });
});

describe('a follow-up instruction adds to the draft just asked for', () => {
  it('reads a modal on a pointing subject, or an imperative that names nothing new', () => {
    expect(refinesDraft('it should also email me a summary')).toBe(true);
    expect(refinesDraft('only keep three backups and skip the rest')).toBe(true);
    expect(refinesDraft('the tool must run without internet')).toBe(true);
    expect(refinesDraft('thanks, love it')).toBe(false);
    expect(refinesDraft('what should it do?')).toBe(false);
    expect(refinesDraft('it is raining here')).toBe(false);
  });

  it.each(AVATARS)('stays the program, with what was asked before ($agentType)', async (avatar) => {
    const [, second] = await talk(avatar, [
      'I need a script that renames my invoices by their date',
      'it has to skip anything that is already renamed',
    ]);
    expect(second?.intent).toBe('build_website');
    expect(second?.taskSuggestion?.action).toBe('code_project');
    expect(second?.taskSuggestion?.prompt).toMatch(/invoices/);
  });
});

describe('"where were we", as people type it', () => {
  it.each(['ok the poster, where we left off?', 'so, where we stopped with the site', 'where are we with the logo'])(
    '%s',
    (message) => {
      expect(WHERE_WE_WERE.test(message)).toBe(true);
    },
  );
});

describe('a long story, then what is asked', () => {
  const story =
    'So last summer we rented a van and drove all the way up the coast, stopping in every little harbour town, ' +
    'eating far too many chips, arguing about the playlist, getting lost twice because the satnav was older than ' +
    'my nephew, and on the final evening we camped on a cliff and watched a pod of dolphins chase the sunset ' +
    'while my sister cried and pretended she had sand in her eye. ';

  it('reads the part after "anyway" or "my question"', () => {
    expect(askedPart(`${story}Anyway, could you paint those dolphins for me?`)).toBe(
      'could you paint those dolphins for me?',
    );
    expect(askedPart('anyway, short one: a site for my shop?')).toBe('anyway, short one: a site for my shop?');
  });

  it.each(AVATARS)('mints what the question names at the end ($agentType)', async (avatar) => {
    const [reply] = await talk(avatar, [`${story}My question is: can you mint an NFT of those dolphins at sunset?`]);
    expect(reply?.intent).toBe('mint_nft');
    expect(reply?.imagePrompt ?? '').toMatch(/dolphins/);
  });
});

describe('a picture of "that …"', () => {
  it('a demonstrative before a noun names the thing; alone it points back', () => {
    expect(
      requestedArt(
        'make an NFT of that red kite circling the barn',
        'make an NFT of that red kite circling the barn',
        'mint',
      ),
    ).toEqual({
      kind: 'subject',
      prompt: 'the red kite circling the barn',
    });
    expect(requestedArt('mint that one', 'mint that one', 'mint')).toEqual({ kind: 'reference' });
  });

  it.each(AVATARS)('"turn that into art" draws what was told before a question ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'My aunt kept beehives in an orchard behind her cottage, and the whole place hummed in June.',
      'Do bees really sleep at night?',
      'That stays with me. Could you turn that into a picture?',
    ]);
    expect(replies[2]?.imagePrompt ?? '').toMatch(/beehives|orchard/);
  });
});

describe('a picture of someone or something told before, by its pronoun', () => {
  it('a pronoun with a clause or a tag question after it points back', () => {
    expect(
      requestedArt(
        'a drawing of it would look great in the hall',
        'a drawing of it would look great in the hall',
        'art',
      ),
    ).toEqual({ kind: 'reference' });
    expect(requestedArt('wanna sketch him, could you do that?', 'wanna sketch him, could you do that?', 'art')).toEqual(
      { kind: 'reference' },
    );
    expect(requestedArt('paint her like that', 'paint her like that', 'art')).toEqual({ kind: 'reference' });
    expect(requestedArt('paint her garden in spring', 'paint her garden in spring', 'art')).toEqual({
      kind: 'subject',
      prompt: 'her garden in spring',
    });
  });

  it.each(AVATARS)('a statement opening with a pronoun brings the one before it ($agentType)', async (avatar) => {
    const replies = await talk(avatar, [
      'Our old dog Biscuit is a scruffy brown terrier with a grey beard.',
      'He guards the porch every evening like a little soldier.',
      'Could you paint him like that?',
    ]);
    expect(replies[2]?.imagePrompt ?? '').toMatch(/Biscuit|terrier/);
    expect(replies[2]?.imagePrompt ?? '').toMatch(/porch/);
  });
});

describe('switching away from a draft in a few words', () => {
  it.each([
    ['nvm the logo, a poster of a lighthouse at dawn instead', 'a poster of a lighthouse at dawn instead'],
    ['No, forget site. Draw me a heron.', 'Draw me a heron.'],
  ])('%s', (message, rest) => {
    expect(switchMarker(message)).toEqual({ rest });
  });

  it('an artefact noun without its article, with what it shows, is asked for', () => {
    expect(parseRequests('nft of a paper boat in a storm')[0]?.kind).toBe('mint');
    expect(parseRequests('post of mine got a hundred likes')).toEqual([]);
  });
});
