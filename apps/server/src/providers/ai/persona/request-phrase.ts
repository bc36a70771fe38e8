/**
 * The words and noun phrases of a request (see `request-frame.ts`): which artefact a head noun or a
 * verb names, which verbs want, chain or only perceive, and the object noun phrase after a verb,
 * read from the wink-nlp parse.
 */
import { parse, type Token } from './parse';

/** The kinds of artefact a request can ask for. */
export type ArtefactKind = 'art' | 'site' | 'post' | 'code' | 'mint';

/**
 * Head nouns (lemmas) and the artefact each one is: a poster is art, a portfolio is a website, a
 * thread is a post, a bot is code. Written from what each task makes (SPEC task list), not from
 * test sentences.
 */
export const NOUN_KIND: Readonly<Record<string, ArtefactKind>> = Object.fromEntries(
  (
    [
      [
        'art',
        'picture image painting drawing illustration sketch doodle portrait poster logo banner flyer flier artwork art wallpaper mural icon sticker mascot emblem watercolour watercolor watercolours render pic cartoon comic card postcard graphic meme pfp avatar cover landscape still-life print canvas caricature infographic',
      ],
      ['site', 'website site webpage page homepage portfolio one-pager storefront microsite landing blog web'],
      ['post', 'post cast thread tweet caption announcement shoutout shout-out teaser status farcaster warpcast'],
      [
        'code',
        'script code software utility program programme bot function app application tool game extension plugin cli snippet regex api endpoint library module macro scraper crawler algorithm query component calculator tracker timer converter generator dashboard one-liner automation chatbot backend server contract smart-contract dapp',
      ],
      ['mint', 'nft nfts token collectible'],
    ] as const
  ).flatMap(([kind, words]) => words.split(' ').map((w) => [w, kind] as const)),
);

/** Verbs that can only make one kind of artefact (lemmas). Vaguer ones (make, write, do) do not decide. */
export const VERB_KIND: Readonly<Record<string, ArtefactKind>> = {
  draw: 'art',
  paint: 'art',
  sketch: 'art',
  illustrate: 'art',
  doodle: 'art',
  render: 'art',
  visualise: 'art',
  visualize: 'art',
  mint: 'mint',
  tokenise: 'mint',
  tokenize: 'mint',
  post: 'post',
  cast: 'post',
  tweet: 'post',
  announce: 'post',
  spread: 'post',
  publicise: 'post',
  publicize: 'post',
  promote: 'post',
  advertise: 'post',
  code: 'code',
  program: 'code',
  script: 'code',
  automate: 'code',
};

/** Verbs of perceiving, thinking or feeling: their object is not something to be made. */
export const NOT_MAKING = new Set(
  'be have see look watch read check visit open follow view think guess know remember forget feel like love hate enjoy thank excuse ignore skip drop cancel scrap ditch park pause shelve stop listen hear mean believe wonder miss keep find say ask tell-me'.split(
    ' ',
  ),
);
/**
 * Verbs of wanting ("I need …", "we could use …", "I'm hoping for …"): their object is the request.
 * Verbs of welcoming or profiting ("I'd appreciate …", "we would benefit from …") wish too, in the
 * conditional only.
 */
export const DESIRE = new Set(
  'want need like love adore use fancy hope wish require prefer crave request order appreciate benefit'.split(' '),
);
/** Verbs of getting or having: "to have a landing page" asks for the landing page. */
export const ACQUIRE = new Set(['have', 'get', 'own', 'receive']);
/** Verbs of liking or using that wish only in the conditional ("I'd love a …", "we could use a …"). */
export const CONDITIONAL = new Set(['like', 'love', 'adore', 'use', 'prefer', 'fancy', 'appreciate', 'benefit']);
/** Verbs that pass the request on to the verb they govern ("got time to draw", "help me build"). */
export const CHAIN = new Set('get help care mind fancy try manage bother want like love need be hope'.split(' '));
/** Words that open a clause without changing what it asks ("ok so, please draw …"). */
export const DISCOURSE = new Set(
  'ok okay so and now then also please pls plz hey hi hello yo oi ey hiya heya right alright oh well just hmm hmmm um erm actually maybe perhaps yeah yes cool great nice lovely rather instead first quick quickly anyway anyhow btw wait ooh oh and but or kindly'.split(
    ' ',
  ),
);
/** Objects that stand for something said before ("mint it", "turn that one into an nft"). */
export const REFERENCE = new Set(['it', 'that', 'this', 'one', 'them', 'those', 'these', 'same']);
/** Objects that name nothing yet ("something that reminds me to stretch"). */
export const VAGUE = new Set(['something', 'thing', 'anything', 'stuff', 'one', 'version', 'piece', 'bit', 'lot']);
/** An audience: telling it is posting ("tell everyone on farcaster", "let people know"). */
export const AUDIENCE = new Set([
  'everyone',
  'everybody',
  'people',
  'world',
  'followers',
  'folks',
  'community',
  'fans',
]);
/** Platforms where a post goes. */
export const PLATFORM = /\b(?:farcaster|warpcast|socials?|social media|my feed|timeline)\b/i;

/** Lemma of a word read as a verb ("posting" → "post", "sketch" → "sketch"), from the tagger. */
export function verbLemma(word: string): string | null {
  const lower = word.toLowerCase();
  const frame = /ing$/.test(lower) ? `you are ${lower} it` : `you should ${lower} it`;
  const t = parse(frame).sentences[0]?.tokens[2];
  if (t?.pos === 'VERB') return t.lemma;
  // A verb of the kind table the tagger does not know ("tokenise").
  const bare = lower.replace(/ing$/, '');
  if (VERB_KIND[lower]) return lower;
  if (VERB_KIND[bare]) return bare;
  if (VERB_KIND[`${bare}e`]) return `${bare}e`;
  // "do" is tagged as an auxiliary wherever it stands; "can you do a poster" asks for one.
  return lower === 'do' ? 'do' : null;
}

export const NOUNISH = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** The object noun phrase starting at `i`: its head noun and whether it is a reference or indefinite. */
export function objectAt(t: readonly Token[], i: number): { start: number; head: Token | null; run: Token[] } | null {
  let j = i;
  // Particles and indirect objects between verb and object ("whip up", "knock together", "paint me").
  while (j < t.length && /^(?:up|together|out|off|down|me|us|him|her|them|you|for)$/.test(t[j]!.lower)) {
    if (t[j]!.lower === 'for' && !/^(?:me|us|him|her|them)$/.test(t[j + 1]?.lower ?? '')) break;
    j++;
  }
  if (j >= t.length) return null;
  const start = j;
  const run: Token[] = [];
  const demonstrative = /^(?:that|this|these|those)$/.test(t[j]!.lower) && NOUNISH.has(t[j + 1]?.pos ?? '');
  if (VAGUE.has(t[j]!.lower) && t[j]!.pos === 'PRON') return { start, head: t[j]!, run: [t[j]!] };
  if (REFERENCE.has(t[j]!.lower) && !demonstrative) {
    // "it", "that one", "this one".
    run.push(t[j]!);
    if (t[j + 1]?.lower === 'one') run.push(t[j + 1]!);
    return { start, head: null, run };
  }
  if (demonstrative || t[j]!.pos === 'DET' || /^(?:my|our|your|his|her|their|some|another)$/.test(t[j]!.lower)) j++;
  while (j < t.length) {
    const w = t[j]!;
    if (NOUNISH.has(w.pos) || (w.pos === 'PART' && /^'s$|^’s$/.test(w.lower)) || w.lower === '-') run.push(w);
    // "a charity bake sale": a bare verb inside a compound; "a post inviting folks" stops at the participle.
    else if (
      w.pos === 'VERB' &&
      w.lemma === w.lower &&
      !/(?:ing|ed)$/.test(w.lower) &&
      t[j + 1]?.pos === 'NOUN' &&
      run.length > 0
    )
      run.push(w);
    else break;
    j++;
  }
  const nouns = run.filter((w) => w.pos === 'NOUN' || w.pos === 'PROPN');
  if (nouns.length === 0 && run.length === 0) return null;
  return { start, head: nouns.at(-1) ?? run.at(-1) ?? null, run };
}

/** The kind a noun names, by its lemma or its form (a plural the tagger left alone). */
export function kindOfNoun(word: string): ArtefactKind | null {
  const w = word.toLowerCase();
  return NOUN_KIND[w] ?? NOUN_KIND[w.replace(/(?:es|s)$/, '')] ?? NOUN_KIND[w.replace(/s$/, '')] ?? null;
}

/** Text of tokens i..j-1 as written (the sentence text, sliced by the words' positions). */
export function span(sentence: string, t: readonly Token[], from: number): string {
  let at = 0;
  for (let k = 0; k < from; k++) {
    const found = sentence.indexOf(t[k]!.text, at);
    if (found >= 0) at = found + t[k]!.text.length;
  }
  const first = t[from];
  const pos = first ? sentence.indexOf(first.text, at) : -1;
  return pos >= 0 ? sentence.slice(pos).trim() : '';
}

/** Where each clause of a sentence starts (after commas, semicolons, dashes, "but", "so"). */
export function clauseStarts(t: readonly Token[]): number[] {
  const out = [0];
  for (let i = 0; i < t.length - 1; i++) {
    const w = t[i]!;
    // "so much", "so happy": "so" before an adjective or adverb is an intensifier, not a conjunction.
    const intensifier = w.lower === 'so' && /^(?:ADJ|ADV)$/.test(t[i + 1]!.pos);
    if ((w.pos === 'PUNCT' && /^[,;:—–]$|^\.\.\.$|^…$/.test(w.text)) || (/^(?:but|so)$/.test(w.lower) && !intensifier))
      out.push(i + 1);
    else if (/^(?:and|plus|then|&)$/.test(w.lower) && secondAsk(t, i + 1)) out.push(i + 1);
  }
  return out;
}

/**
 * A coordinated second request starting at t[i] ("… and also draw a logo for it", "…, plus a short
 * post about it", "… then cast about it"): after its discourse words, a verb in its base form that
 * makes something, or after "plus" a determiner opening a noun phrase. A verb with an ending ("a
 * bot that welcomes people and gives them a role") continues the clause it is in.
 */
function secondAsk(t: readonly Token[], i: number): boolean {
  const n = t[skipDiscourse(t, i)];
  if (!n) return false;
  if (t[i - 1]?.lower === 'plus' && n.pos === 'DET') return true;
  return n.pos === 'VERB' && n.lemma === n.lower && !NOT_MAKING.has(n.lemma) && verbLemma(n.text) !== null;
}

/** The first word of a clause after its discourse words. */
export function skipDiscourse(t: readonly Token[], i: number): number {
  let j = i;
  // "honestly the van could use …", "frankly, draw …": a sentence adverb in -ly comments on the clause.
  const sentenceAdverb = (w: Token) => w.pos === 'ADV' && /[a-z]{3}ly$/.test(w.lower) && w.lower !== 'only';
  while (j < t.length - 1 && (DISCOURSE.has(t[j]!.lower) || t[j]!.pos === 'PUNCT' || sentenceAdverb(t[j]!))) j++;
  return j;
}
