/**
 * Corrections of facts told earlier: "oops, I meant Bath, not Bristol" puts the right value in
 * place of the wrong one, "it got moved to Monday" gives the last plan its new date.
 */
import type { MemoryFacts } from '@app/domain/chat';
import { allLowerCase, isNamedPlace } from './fact-lowercase';
import { isRole, NOT_NAMES, properCase } from './fact-words';
import { ANIMALS, CAP, hasFacts } from './facts';
import { PERSON_OF_MINE } from './relations';
import { escapeRegExp } from './text-features';
import { namesPetKind } from './word-match';

/** Most characters of a message scanned. */
const MAX_SCANNED = 1000;

const NAMEISH = `${CAP}(?:\\s+${CAP})*`;
/**
 * "I meant Bath, not Bristol" (to, from) and "not Bristol — Bath" (from, to); in a message typed all
 * in lower case, "its radomir not radoslav" (the last entry, read only there).
 */
const CORRECTIONS: [RegExp, 'to-from' | 'from-to'][] = [
  [
    new RegExp(
      `\\b(?:(?<=(?:^|[.!?]\\s*)\\W*)[Ii]s|[Ii] meant|[Ii] mean|[Aa]ctually,? is|[Mm]ake that|[Ii]t should be|should have said|[Ii]t'?s|[Ii]t’s|[Ii]t is|(?:is|are|'s|’s|was)\\s+(?:called|named)|name(?:'s|’s| is))\\s+(${NAMEISH})(?:\\s+now)?\\s*,?\\s+not\\s+(${NAMEISH})`,
      'u',
    ),
    'to-from',
  ],
  // "we live in Mysore, not Mangalore", "she's at Lidl, not Aldi": a place or name after a
  // preposition, then the one it replaces.
  [
    new RegExp(
      `\\b(?:in|at|near|from|for|with|to)\\s+(${NAMEISH})\\s*,?\\s+not\\s+(?:in\\s+|at\\s+)?(${NAMEISH})\\b`,
      'u',
    ),
    'to-from',
  ],
  [
    new RegExp(
      `\\b[Nn]ot\\s+(${NAMEISH})\\s*[,;—–-]+\\s*(?:[Ii] meant\\s+|[Ii]t'?s\\s+|[Ii]t’s\\s+|but\\s+)?(${NAMEISH})\\b`,
      'u',
    ),
    'from-to',
  ],
  [/\b(?:it'?s|it’s|i meant|i mean|make that)\s+([a-z][a-z'-]+)\s*,?\s+not\s+([a-z][a-z'-]+)\b/u, 'to-from'],
  // "wait no not a barista, a baker lol": the wrong one denied, then the right one.
  [/\bnot\s+(?:an?\s+)?([a-z][a-z'-]+)\s*[,;—–-]+\s*(?:it'?s\s+|i'?m\s+)?(?:an?\s+)?([a-z][a-z'-]+)\b/u, 'from-to'],
];

/** How many of {@link CORRECTIONS}, at its end, are read only in a text typed all in lower case. */
const LOWER_CASE_ONLY = 2;

/** The corrections that apply to a text: the last ones only where the text is all lower case. */
function correctionsFor(text: string): [RegExp, 'to-from' | 'from-to'][] {
  return allLowerCase(text) ? CORRECTIONS : CORRECTIONS.slice(0, -LOWER_CASE_ONLY);
}

/** "well — dental hygienist, actually": a word of correction, then a bare job of up to three words. */
const BARE_JOB =
  /^\W*(?:(?:well|actually|technically|strictly|sorry|oops|no|nope|erm|um|i mean|correction|more like|make that)[\s,.!—–:-]+)+(?:an?\s+)?((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)\s*(?:[,.!;—–]|$)/iu;

/**
 * "nvm i meant montreal lol", "No no, sorry, I mean Bremen!", "No wait, I mean plumber": a word of
 * correction, "I meant", and a bare value with no "not …". The value mends the stored fact of its
 * kind: a job noun the occupation, a place WordNet knows (or, with no name stored, any) the
 * location, else the name.
 */
const MEANT_CUE =
  /^\W*(?:(?:no|nope|nvm|never ?mind|sorry|wait|oops|whoops|actually|pardon me|my bad|correction|lol)[\s,!.]+)*(?:i meant|i mean|i misspoke|meant to say)\s*[:,]?\s+(?:an?\s+)?/i;
/** The value after {@link MEANT_CUE}: capitalised words, or up to three lower-case ones, then a break. */
const MEANT_VALUE = new RegExp(
  `^(${NAMEISH}|[\\p{Ll}][\\p{Ll}'-]+(?:\\s+[\\p{Ll}][\\p{Ll}'-]+){0,2}?)(?=\\s*(?:$|[,.!?;—–(]|\\p{Extended_Pictographic}|\\b(?:lol|haha|sorry|not|instead)\\b))`,
  'u',
);

function meantInstead(stored: MemoryFacts, text: string): MemoryFacts | null {
  const cue = MEANT_CUE.exec(text);
  const value = cue ? MEANT_VALUE.exec(text.slice(cue[0].length))?.[1]?.trim() : undefined;
  if (!value) return null;
  const said = /\p{Lu}/u.test(value) ? value : properCase(value);
  const head = value.toLowerCase().split(/\s+/).at(-1) as string;
  if (isRole(head)) {
    return value.toLowerCase() === stored.occupation?.toLowerCase() ? null : { occupation: value.toLowerCase() };
  }
  if (stored.location && (!stored.name || value.split(/\s+/).every((w) => isNamedPlace(w.toLowerCase())))) {
    return said === stored.location ? null : { location: said };
  }
  if (stored.name && !NOT_NAMES.has(said)) return said === stored.name ? null : { name: said };
  return null;
}

/** "ours is Tofu", "mine's called Biscuit": the user's own one, named after someone else's. */
const OURS = new RegExp(`\\b(?:ours|mine)(?:'s|’s| is| was)\\s+(?:called\\s+|named\\s+)?(${CAP})`, 'u');

/**
 * A pet's new name: "we renamed the cat Pistachio", "renamed her to Mochi", "the dog's new name is
 * Rolo", "we call him Bean now", "renamed the cat, the current one is Pistachio". Groups: the
 * animal's kind, if said, and the new name.
 */
const RENAMED = new RegExp(
  [
    `\\b[Rr]e-?named\\s+(?:(?:the|our|my)\\s+(${ANIMALS})s?|him|her|it|them)\\s*,?\\s+(?:to\\s+|as\\s+|(?:and\\s+|so\\s+)?(?:the\\s+|(?:his|her|its)\\s+)?(?:current|new)\\s+(?:one|name)\\s+is\\s+)?(${CAP})`,
    `\\b(?:[Tt]he|[Oo]ur|[Mm]y)\\s+(${ANIMALS})(?:'s|’s)\\s+new name(?:'s|’s| is)\\s+(${CAP})`,
    `\\b(?:[Ww]e|I|[Ee]veryone)\\s+(?:call|calls)\\s+(?:him|her|it)\\s+(${CAP})\\s+now\\b`,
  ].join('|'),
  'u',
);

const DAY = '(?:next\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const DATE_WORDS = `(?:${DAY}|the \\d{1,2}(?:st|nd|rd|th)?(?: of ${MONTH})?|\\d{1,2}(?:st|nd|rd|th)? ${MONTH}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?|tomorrow|next week|next month)`;
/** "it got moved to Monday", "pushed back to the 3rd of May": a new date for a plan. */
const RESCHEDULED = new RegExp(
  `\\b(?:moved|changed|pushed(?: back)?|postponed|rescheduled|brought forward|switched|put back)\\s+(?:it\\s+)?(?:to|till|until)\\s+(${DATE_WORDS})\\b`,
  'i',
);
const PLAN_DATE = new RegExp(`\\b${DATE_WORDS}\\b`, 'i');

/**
 * The wrong word and the right one of a correction ("I meant Bath, not Bristol" → Bristol, Bath), as
 * a pattern for the wrong word (whole word, any case); null when the message corrects nothing.
 */
export function correctionOf(message: string): { wrong: RegExp; right: string } | null {
  const text = (typeof message === 'string' ? message : '').slice(0, MAX_SCANNED);
  for (const [re, order] of correctionsFor(text)) {
    const m = re.exec(text);
    if (!m?.[1] || !m[2]) continue;
    const [said, from] = order === 'to-from' ? [m[1], m[2]] : [m[2], m[1]];
    const to = allLowerCase(text) ? properCase(said) : said;
    return { wrong: new RegExp(`\\b${escapeRegExp(from)}\\b`, 'gi'), right: to };
  }
  return null;
}

/**
 * A correction of something told earlier ("oops, I meant Bath, not Bristol"): the stored facts
 * whose value holds the wrong word get the right one. Returns only the facts it changed.
 */
export function correctedFacts(stored: MemoryFacts, message: string): MemoryFacts {
  const text = (typeof message === 'string' ? message : '').slice(0, MAX_SCANNED);
  for (const [re, order] of correctionsFor(text)) {
    const m = re.exec(text);
    if (!m?.[1] || !m[2]) continue;
    const [said, from] = order === 'to-from' ? [m[1], m[2]] : [m[2], m[1]];
    const to = allLowerCase(text) ? properCase(said) : said;
    const wrong = new RegExp(`\\b${escapeRegExp(from)}\\b`, 'i');
    const out: MemoryFacts = {};
    for (const key of ['name', 'location', 'occupation', 'workingOn'] as const) {
      const value = stored[key];
      // A job is a common noun ("baker"); names and places take capitals.
      if (value && wrong.test(value)) out[key] = value.replace(wrong, key === 'occupation' ? said.toLowerCase() : to);
    }
    // The same wrong name in a pet, a liking, a plan or a keyed fact ("he's called Crumble, not Biscuit").
    const mend = (v: string) => v.replace(wrong, to);
    if (stored.pets?.some((p) => wrong.test(p.name))) out.pets = stored.pets.map((p) => ({ ...p, name: mend(p.name) }));
    for (const key of ['likes', 'plans'] as const) {
      if (stored[key]?.some((v) => wrong.test(v))) out[key] = stored[key]?.map(mend);
    }
    if (stored.about?.some((f) => wrong.test(f.value))) {
      out.about = stored.about.map((f) => ({ ...f, value: mend(f.value) }));
    }
    if (hasFacts(out)) return out;
  }
  // "well — veterinary nurse, strictly speaking": a bare job after a word of correction is the job.
  const job = BARE_JOB.exec(text)?.[1]?.toLowerCase();
  if (
    job &&
    stored.occupation &&
    isRole(job.split(/\s+/).at(-1) as string) &&
    job !== stored.occupation.toLowerCase()
  ) {
    return { occupation: job };
  }
  // "nvm i meant montreal", "No wait, I mean plumber": the value meant instead of the fact of its kind.
  const meant = meantInstead(stored, text);
  if (meant) return meant;
  // "Mango is the neighbour's cat, ours is Tofu": the user's own animal has the other name.
  const ours = OURS.exec(text)?.[1];
  const kind = new RegExp(`\\b(${ANIMALS})s?\\b`, 'i').exec(text)?.[1]?.toLowerCase();
  if (ours && stored.pets?.length) {
    const wrongPet =
      stored.pets.find((p) => p.name !== ours && new RegExp(`\\b${p.name}\\b`).test(text)) ??
      [...stored.pets].reverse().find((p) => !kind || namesPetKind(kind, p.kind));
    if (wrongPet) return { pets: stored.pets.map((p) => (p === wrongPet ? { ...p, name: ours } : p)) };
  }
  // "we renamed the cat Pistachio": the pet of that kind (else the last one told) has the new name.
  const renamed = RENAMED.exec(text);
  if (renamed && stored.pets?.length) {
    const [, kindA, nameA, kindB, nameB, nameC] = renamed;
    const newName = nameA ?? nameB ?? nameC;
    const petKind = (kindA ?? kindB)?.toLowerCase();
    const pet = [...stored.pets].reverse().find((p) => !petKind || namesPetKind(petKind, p.kind));
    // "my son Tom, we call him Tommy now": a person of the writer's is renamed, not a pet.
    const person = nameC !== undefined && PERSON_OF_MINE.test(text);
    if (pet && newName && !NOT_NAMES.has(newName) && !person)
      return { pets: stored.pets.map((p) => (p === pet ? { ...p, name: newName } : p)) };
  }
  // "it got moved to Monday": the last plan told keeps its event, with the new date.
  const moved = RESCHEDULED.exec(text)?.[1];
  const last = stored.plans?.at(-1);
  if (moved && last && PLAN_DATE.test(last)) {
    return { plans: [...(stored.plans ?? []).slice(0, -1), last.replace(PLAN_DATE, moved)] };
  }
  return {};
}
