/**
 * Where the writer lives, said in passing: "I live in Hexham", "greetings from rainy Cardiff",
 * "based out of Pune", "Matteo from Turin here", "I've been in Lyon for six years". A cue says a
 * place follows; the place is the capitalised words after it (in a message typed all in lower case,
 * the nouns after a plain cue, `fact-lowercase.ts`).
 */
import { isKnownWord } from './english-words';
import { allLowerCase, isPlaceWord, lowerCaseLocation } from './fact-lowercase';
import { CAP, capped, isRole, NOT_NAMES, properCase } from './fact-words';
import { othersOnly, someoneElsesClause } from './relations';
import { hasKinds } from './word-kinds';

const PLACE = new RegExp(
  `^(?:the\\s+)?(${CAP}(?:[\\s-]+(?:(?:upon|on|de|la|le|del|di)[\\s-]+)?${CAP})*(?:,\\s*(?!I\\b)${CAP})?)`,
  'u',
);
/** A capitalised place of one or two words, looked ahead to. */
const TOWN = "[\\p{Lu}][\\p{L}'’-]*(?:\\s+[\\p{Lu}][\\p{L}'’-]*)?";
/** A stretch of time one lives somewhere for, not a visit's ("for three years", "since 2019", not "for two days"). */
const LONG =
  '(?:(?:(?:for|like)\\s+)?(?:(?:about|almost|nearly|over|around|like|the (?:last|past))\\s+)?(?:(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|many)\\s+(?:years?|yrs?|months|decades?)|years|yrs|ages|decades)\\b|since\\b)';
/** A stay that became a home: "… for uni and just stayed", "… and somehow never left". */
export const STAYED =
  '[^!?]{0,60}?\\b(?:stayed(?!\\s+(?:in|at|with|over|for|the|a|an|up|home|the night)\\b)|never left|never went back|never looked back|still here|ended up staying)\\b';
/** A visit told after the place ("… for a wedding", "… on business"): where one is, not where one lives. */
const NOT_A_VISIT =
  '(?![^.!?]{0,60}\\b(?:for (?:a|the|two|three|four|five|\\d+|few|couple)\\b|holiday|trip|visit|visiting|conference|vacation|business))';
/**
 * "I'm in Norwich, if that's relevant": being in a capitalised place, then the clause ends (a visit
 * told with it excepted). The place must be no noun WordNet knows ("I'm in Love", "I'm in Year
 * 10"), unless it is a place word.
 */
const IN_TOWN = new RegExp(
  `\\b(?:I'?m|I’m|I am|[Ww]e'?re|[Ww]e are)\\s+in\\s+(?=${TOWN}\\s*(?:$|[,.;!—–]))${NOT_A_VISIT}`,
  'gu',
);
/** Cues after which a place name follows (case-insensitive; the place itself must be capitalised). */
const LOCATION_CUES = [
  /\b(?:i|we)(?:'ve|’ve| have)?\s+(?:still\s+|now\s+|currently\s+|always\s+|been\s+|actually\s+)?(?:live|lived|living|stay|reside)\s+(?:just\s+|out\s+|over\s+|up\s+|down\s+)?(?:in|near|outside|by|on|at)\s+/gi,
  // "resident in Zurich", "my home is in Delft", "home: Leeds", "- live: Brisbane".
  /\bresident (?:in|of)\s+|\b(?:my|our) home(?: base)? is (?:in|near|just outside)\s+|(?:^|[-–—•,;(]\s*)(?:live|lives|living|city|location|based|home)\s*[:=]\s*/gi,
  // "name Jonas, city Vilnius, profession baker": a labelled list without colons.
  /(?:^|[-–—•,;:(]\s*)(?:city|town|hometown|location)\s+(?=\p{Lu})/gu,
  // "last week I move to new apartment in Lisbon": the home moved into, and where.
  /\b(?:moved|move|moving)\s+(?:in)?to\s+(?:a\s+|the\s+|my\s+|our\s+)?(?:new\s+|bigger\s+|smaller\s+|little\s+)?(?:apartment|flat|house|place|home|studio)\s+in\s+/gi,
  // "I am Thanh from Da Nang": a name, then where from.
  /\b[Ii](?:'m|’m| am)\s+[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?,?\s+from\s+/gu,
  /\b(?:i'?m|i am|we'?re|we are)\s+(?:now\s+)?(?:living|based|staying|settled)\s+(?:just\s+)?(?:in|near|outside)\s+/gi,
  // Said in passing without a subject, in a list about oneself: "…, now living in Toronto, …" (and
  // after a clause about oneself, "… but live in Bristol now"; not first: "Live in Concert").
  /(?:[,;:—–]\s*|\b(?:and|but)\s+)(?:(?:now|currently|these days)\s+)?(?:live|reside)\s+(?:just\s+)?(?:in|near|outside)\s+/gi,
  /(?:^|[,;:—–]\s*|\b(?:and|but)\s+)(?:(?:now|currently|these days)\s+)?(?:living|based|settled|staying)\s+(?:just\s+|up\s+|down\s+|over\s+|out\s+)?(?:in|near|outside)\s+/gi,
  // One's own move, not a friend's ("my mate is moving to Perth"): the writer or no subject.
  /(?:^|[,;—–]\s*|\b(?:i|we|i'?ve|we'?ve|i'?m|we'?re|i am|we are|i have|we have|just|recently|finally)\s+)(?:just\s+|recently\s+|finally\s+|been\s+|since\s+|now\s+|already\s+|also\s+)?(?:moved|moving|relocated)\s+(?:back\s+|out\s+|over\s+|down\s+|up\s+|away\s+)?to\s+/gi,
  /\b(?:greetings|hello|hi|writing|messaging|texting|calling|chatting|visiting|travelling|traveling|coming)\s+(?:(?:to\s+)?(?:you|u)\s+)?(?:all the way\s+)?from\s+(?:[^.!?]{0,40}?\bin\s+)?/gi,
  /\b(?:i'?m|i am|we'?re)\s+(?:originally\s+)?from\s+/gi,
  // "based out of Pune", "Dami here, from Abuja".
  /\b(?:based|living|working)\s+out\s+of\s+/gi,
  /(?<=\bhere[,!.]?\s+)from\s+/gi,
  // "Matteo from Turin here": a name, where from, "here".
  /(?<=[\p{Lu}][\p{L}'’-]{0,40}\s{1,9})from\s+(?=[\p{Lu}][^.!?,]{0,30}\s+here\b)/gu,
  /\b(?:i'?m|i am)\s+in\s+(?=\S+(?:\s+\S+)?\s+(?:now|these days|at the moment)\b)/gi,
  // "I'm in Hull, been here since 2019", "I've been in Lyon for six years": being somewhere for a
  // stretch of time is living there (a trip is not told with how long one has been there).
  new RegExp(
    `\\b(?:i'?m|i am|we'?re|we are)\\s+in\\s+(?=${TOWN}\\s*,?\\s+(?:(?:i'?ve|we'?ve)\\s+)?(?:been|lived|living)\\s+here\\s+${LONG})`,
    'giu',
  ),
  new RegExp(`\\b(?:i|we)(?:'ve|’ve| have)\\s+been\\s+(?:living\\s+|based\\s+)?in\\s+(?=${TOWN}\\s+${LONG})`, 'giu'),
  // "grew up in Cork but been in Rotterdam like 6 yrs now": the same with no subject, after a clause.
  new RegExp(
    `(?:^|[,;:—–]\\s*|\\b(?:but|and|now|so)\\s+)been\\s+(?:living\\s+|based\\s+)?in\\s+(?=${TOWN}\\s+${LONG})`,
    'giu',
  ),
  // "I live Melbourne now": the place with no "in", when a time word or the end of a clause follows.
  new RegExp(
    `\\b(?:[Ii]|[Ww]e)\\s+(?:still\\s+|now\\s+)?live\\s+(?=${TOWN}\\s*(?:$|[,.;!]|\\b(?:now|these days|at the moment)\\b))`,
    'gu',
  ),
  // "went to Montréal for university, and somehow never left": where one stayed.
  new RegExp(`\\b(?:came|went|moved)\\s+(?:over\\s+|out\\s+)?to\\s+(?=${TOWN}${STAYED})`, 'giu'),
  /\b(?:i'?m|i am|as)\s+(?:[\p{Lu}][\p{L}'’-]*,\s+)?an?\s+[\p{L}\s-]{2,30}?\s+(?:in|from)\s+/giu,
  // "I'm Rohan, software tester in Hyderabad": a name, then what one is and where, no article.
  /\b(?:I'?m|I am)\s+[\p{Lu}][\p{L}'’-]*,\s+(?:\d{1,3},\s+)?(?:[\p{Ll}-]+\s+){1,3}(?:in|from)\s+/gu,
  IN_TOWN,
  // "this week we move from Porto to Lisbon": the writer's own move, where to.
  /\b(?:i|we)\b[^.!?]{0,30}?\b(?:move|moved|moving|relocate|relocated|relocating)\s+(?:back\s+)?from\s+[^.!?]{1,40}?\s+to\s+/gi,
  // "the evenings are lighter here in Tampere": where the writer is, unless a visit is told with it.
  new RegExp(`\\bhere\\s+in\\s+${NOT_A_VISIT}`, 'giu'),
  // "up in Nairobi, it's 6am …": where the writer is, said first with no subject (a visit excepted).
  new RegExp(`^\\W*(?:(?:so|well|me|just)\\s+)?(?:up|down|over|out|here|back)\\s+in\\s+${NOT_A_VISIT}`, 'giu'),
];
/** A place the writer says they are not from or do not live in, to the end of its clause. */
const DENIED_PLACE =
  /\b(?:i'?m|i’m|im|i am|we'?re|we are)\s+not\s+(?:really\s+|actually\s+|originally\s+)?(?:from|based in|living in)\s+[^,.;!?]*|\b(?:i|we)\s+(?:don'?t|don’t|do not|never)\s+(?:actually\s+|really\s+)?(?:live|lived)\s+(?:in|near)\s+[^,.;!?]*/gi;

/** Where the writer lives, from a sentence (a capitalised place after a cue, or lower case after a plain one). */
export function locationOf(said: string): string | null {
  // "im not from manchester, ppl always say that": a place denied is not where the writer lives.
  const text = said.replace(DENIED_PLACE, ' ');
  for (const cue of LOCATION_CUES) {
    for (const m of text.matchAll(cue)) {
      // "writing from a café in Lisbon" reads after "in"; "messaging from a very rainy Cardiff, tea in
      // hand" after "from": both ends of a cue that spans them are tried.
      const start = m.index ?? 0;
      // "my sister started as a nurse in Hull": where she works, not where the writer lives.
      if (/^as\b/i.test(m[0]) && someoneElsesClause(text.slice(0, start))) continue;
      // "My oldest friend has just moved to Inverness": a move of someone else's.
      if (
        /\b(?:mov\w*|relocat\w*)\b/i.test(m[0]) &&
        !/^\W*(?:i|we)\b/i.test(m[0]) &&
        othersOnly(text.slice(0, start + m[0].length))
      )
        continue;
      const from = /\bfrom\s+/i.exec(m[0]);
      const ends = [start + m[0].length, ...(from ? [start + from.index + from[0].length] : [])];
      for (const end of ends) {
        // "…teacher in Glasgow I get…": a sentence word after the place is not part of it.
        // "greetings from sunny Malaga": a describing word or two before the place are skipped.
        const after = text
          .slice(end)
          .replace(
            /^(?:(?:a|an|the)\s+)?(?:(?!(?:a|an|the|my|our|in|at|on|near|to|and|but)\s)[\p{Ll}-]+\s+(?:(?:and|&)\s+)?){1,2}(?=\p{Lu})/u,
            '',
          );
        const place = PLACE.exec(after)?.[1]?.replace(/(?:\s+(?:I|I'm|I’m|I've|We|My|Our))+$/u, '');
        // "here in leeds STILL hasnt …": a shouted English word is no place.
        const shouted = place && /^\p{Lu}{2,}$/u.test(place) && isKnownWord(place.toLowerCase());
        // WordNet files "love", "charge" and "year" as nouns and no place; it has no entry for most towns.
        const plainWord =
          cue === IN_TOWN && place && hasKinds(place.toLowerCase()) && !isPlaceWord(place.toLowerCase());
        if (place && !NOT_NAMES.has(place) && !shouted && !plainWord) return capped(place);
      }
    }
  }
  const lower = lowerCaseLocation(text) ?? roleLocation(text);
  return lower ? capped(lower) : null;
}

/**
 * "im a bartender in austin", "I am teacher of English in Kuala Lumpur": where the writer works at
 * their job, said after the role (a noun {@link isRole} reads as a job), with or without an article.
 * The place is capitalised, or in a message typed all in lower case a word that can be a place.
 */
function roleLocation(text: string): string | null {
  const cue =
    /\b(?:i'?m|im|i am|i work as|working as)\s+(?:an?\s+)?((?:[\p{L}-]+\s+){0,2}?([\p{L}-]+))(?:\s+of\s+[\p{L}]+)?\s+(?:in|from)\s+/giu;
  for (const m of text.matchAll(cue)) {
    if (!isRole((m[2] as string).toLowerCase())) continue;
    const after = text.slice((m.index ?? 0) + m[0].length);
    const place = PLACE.exec(after)?.[1];
    if (place && !NOT_NAMES.has(place)) return place;
    const word = /^([\p{Ll}][\p{Ll}'-]{2,})\b/u.exec(after)?.[1];
    if (word && allLowerCase(text) && isPlaceWord(word)) return properCase(word);
  }
  return null;
}

/** Cues after which the place one grew up in follows ("I grew up in", "born and raised in", "originally from"). */
const ORIGIN_CUE =
  /\b(?:(?:i|we)\s+(?:all\s+)?)?(?:grew up|grow up|was raised|were raised|was born and raised|born (?:and|n|&) raised|born and bred|raised)\s+(?:in|on)\s+|\b(?:i'?m|i am|im)\s+originally\s+from\s+|\boriginally\s+from\s+|\bback home in\s+/gi;

/**
 * Where the writer grew up, from a sentence ("I grew up in Ipoh", "born n raised in valparaiso",
 * "originally from Cork"): the capitalised place after a cue, or in a message typed all in lower case
 * the word after it when no English word list holds it ("valparaiso"). Not someone else's ("my mum
 * grew up in Leeds"). Null when none is told.
 */
export function originOf(text: string): string | null {
  for (const m of text.matchAll(ORIGIN_CUE)) {
    const start = m.index ?? 0;
    const before = text.slice(0, start);
    if (someoneElsesClause(before) || /\b(?:he|she|they|my \w+)\s*$/i.test(before)) continue;
    const after = text.slice(start + m[0].length);
    const place = PLACE.exec(after)?.[1]?.replace(/(?:\s+(?:I|I'm|I’m|I've|We|My|Our))+$/u, '');
    if (place && !NOT_NAMES.has(place)) return capped(place);
    const lower = /^([\p{Ll}][\p{Ll}'-]{2,}(?:\s+[\p{Ll}][\p{Ll}'-]{2,})?)\b/u.exec(after)?.[1]?.split(/\s+/);
    const word = lower?.[0];
    // "ipoh", "valparaiso": a word WordNet files as a place, or one it does not know as a noun at all.
    if (word && (isPlaceWord(word) || !hasKinds(word)) && !NOT_PLACES_AFTER_ORIGIN.test(word))
      return capped(properCase(word));
  }
  return null;
}

/** Words after "grew up in" that are no place ("grew up in poverty", "a village"). */
const NOT_PLACES_AFTER_ORIGIN =
  /^(?:a|an|the|my|our|poverty|care|foster|church|lockdown|there|here|nowhere|somewhere|and|but|with|on|so|lol)$/;
