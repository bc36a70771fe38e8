/**
 * A choice among alternatives the user listed just before: "a heron on a frozen canal, or an old
 * tram at night" then "go with the tram one"; "two ideas for a cast: one about my new job, one
 * about the wedding" then "let's do the first one". The alternatives are the coordinated phrases
 * after the colon (or of the whole message) joined by "or", ";" or a comma before a new noun
 * phrase; the choice names one by its place ("the second", "the latter") or by a word only it holds
 * ("the tram one"). What kind of thing is chosen comes from the words that introduced the list
 * ("painted", "a cast", "a small program").
 */
import type { Rewrite } from './context';
import type { DialogueAct } from './intent-classifier';
import { parse } from './parse';
import { type ArtefactKind, kindOfNoun, VERB_KIND } from './request-phrase';

/** A choice read from a message, against the message before it. */
export interface Choice {
  /** The alternative chosen, as the user wrote it. */
  alternative: string;
  kind: ArtefactKind;
}

/** Longest choice looked at, in words: "the second one, please" is short. */
const MAX_CHOICE_WORDS = 8;

const PLACES: Record<string, number> = {
  first: 0,
  '1st': 0,
  former: 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
};
const BY_PLACE = /\bthe\s+(first|1st|former|second|2nd|third|3rd|fourth|4th|last|latter)\b(?:\s+(?:one|idea|option))?/i;
const BY_WORD = /\bthe\s+([\p{L}\d-]+)\s+(?:one|idea|option)\b/iu;
/** Where the coordinated phrases of a list meet. */
const JOIN = /\s*[,;]?\s+or\s+|\s*;\s*|,\s+(?=(?:one|an?|the|another|some)\s)/i;

/** The phrases a message lists as alternatives (two to five), or []. */
export function alternativesOf(message: string): { intro: string; items: string[] } {
  const text = message.slice(0, 600).trim();
  const colon = text.lastIndexOf(':');
  const intro = colon >= 0 ? text.slice(0, colon) : '';
  const items = (colon >= 0 ? text.slice(colon + 1) : text)
    .split(JOIN)
    .map((s) =>
      s
        .trim()
        .replace(/^(?:either|or)\s+/i, '')
        .replace(/[\s.!?]+$/, ''),
    )
    .filter((s) => s.length > 0);
  return items.length >= 2 && items.length <= 5 ? { intro, items } : { intro, items: [] };
}

/** The kind of artefact the words name: a verb that makes one kind, or a noun of one kind. */
function kindIn(text: string): ArtefactKind | null {
  for (const s of parse(text).sentences) {
    for (const w of s.tokens) {
      const kind =
        w.pos === 'VERB'
          ? (VERB_KIND[w.lemma] ?? null)
          : w.pos === 'NOUN'
            ? (kindOfNoun(w.lemma) ?? kindOfNoun(w.lower))
            : null;
      if (kind) return kind;
    }
  }
  return null;
}

/**
 * The alternative of `previous` that `message` chooses, with the kind of thing the list was of, or
 * null (no choice, no list before it, or nothing to make).
 */
export function chosenAlternative(message: string, previous: string | null): Choice | null {
  if (!previous || message.trim().split(/\s+/).length > MAX_CHOICE_WORDS) return null;
  const place = BY_PLACE.exec(message)?.[1]?.toLowerCase();
  const word = place ? null : BY_WORD.exec(message)?.[1]?.toLowerCase();
  if (!place && !word) return null;
  const { intro, items } = alternativesOf(previous);
  if (items.length === 0) return null;
  let alternative: string | undefined;
  if (place) alternative = place === 'last' || place === 'latter' ? items.at(-1) : items[PLACES[place] ?? -1];
  else {
    const holding = items.filter((s) => new RegExp(`\\b${word}\\b`, 'i').test(s));
    if (holding.length === 1) alternative = holding[0];
  }
  const kind = kindIn(intro) ?? kindIn(previous);
  return alternative && kind ? { alternative, kind } : null;
}

/**
 * The brief state of a choice (after a switch, a dropped draft is no "it" either): the list the
 * choice was made from is not what the chosen thing is about.
 */
export const LIST_NOT_TOLD = { lastUserText: null, earlierUserText: null };

/** The act that makes each kind of artefact. */
const ACT_OF: Record<ArtefactKind, DialogueAct> = {
  art: 'make_art',
  mint: 'mint_nft',
  site: 'build_website',
  code: 'build_website',
  post: 'social_post',
};

/**
 * The request a choice stands for, as a standalone message ("draw an old yellow tram at night",
 * "write a post about my new job at the aquarium", "code a reminder to feed my starter").
 */
export function choiceRequest(choice: Choice): Rewrite {
  const { alternative, kind } = choice;
  // "one about my new job": the pro-form "one" stands for the thing the list was of.
  const about = alternative.replace(/^one\s+/i, '');
  const message =
    kind === 'post'
      ? `write a post ${/^(?:about|on|for)\b/i.test(about) ? about : `about ${about}`}`
      : `${{ art: 'draw', mint: 'mint', site: 'build a website for', code: 'code' }[kind]} ${about}`;
  return { message, act: ACT_OF[kind] };
}
