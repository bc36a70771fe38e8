/**
 * What the user describes that a later task request may be about: their business ("a bike shop
 * in Cork called Spokes", in the many ways people say it) and news of theirs ("we finally launched
 * our cookbook"). Read from the parse (verbs of running something, by lemma) and from the shapes
 * names are given in.
 */
import { ANIMALS } from './facts';
import { parse, type Token } from './parse';
import { REQUEST_CUE } from './task-frames';

const BUSINESS_NOUNS =
  '\\p{L}*(?:shop|store)|studio|caf[eé]|bakery|business|company|startup|start-up|agency|gym|salon|stall|restaurant|bar|pub|brewery|outfit|firm|clinic|practice|band|podcast|charity|club|league|label|boutique|workshop|kitchen|farm|nursery|school|service|newsletter|blog|channel|brand|venue|hotel|b&b|florist|parlou?r|courier|collective|co-op|cooperative|society|choir|theatre|market|deli|food truck|truck|van|consultancy|practice|surgery|garage|bistro|diner|takeaway|cafe|gallery|academy|centre|center|lab|team|crew|project|app|platform|site';
/** "… we run / own / started / are a <noun phrase>": the determiner nearest the noun starts it. */
const BUSINESS = new RegExp(
  `\\b(?:a|an|our|my|the)\\s+((?:[\\p{L}&'’-]+\\s+){0,4}?(?:${BUSINESS_NOUNS}))(?![\\p{L}])(.*)$`,
  'iu',
);
const OWNING =
  /\b(?:run|runs|running|own|owns|have|has|got|started|start|opened|open|founded|manage|set up|co-own|built|are|'re|am|'m|work at|works at|out of|based at|based in)\b/i;
/** The writer speaking of themself, or of a business of theirs ("just opened my barbershop"). */
const FIRST_PERSON = new RegExp(
  `\\b(?:we|we're|we've|i|i'm|i've|our|my partner and i|me and|me n)\\b|\\bmy (?:own )?(?:[\\p{L}-]+ ){0,2}?(?:${BUSINESS_NOUNS})(?![\\p{L}])|\\b(?:my|our) (?:friend|mate|pal|sister|brother|mum|mom|dad|aunt|auntie|uncle|cousin|partner|wife|husband|son|daughter|neighbou?r|boss|family|parents|folks|grandparents)\\b`,
  'iu',
);
/** A request inside a sentence (see task-frames.ts): the description is what comes before it. */
const REQUEST = REQUEST_CUE;
const TIME_TAIL =
  /\s+(?:last|this|next) (?:week|month|year|spring|summer|autumn|fall|winter)\b.*$|\s+(?:yesterday|recently|a while ago|years ago|ago)\b.*$/i;

/** Things one owns or starts that are not a business (pets are facts.ts's). */
const NOT_A_BUSINESS = new RegExp(
  `^(?:${ANIMALS})s?$|^(?:job|role|course|diet|hobby|degree|relationship|car|house|flat|home|phone|baby|family|fever|cold|marathon|race|bath|shower|tab|account|conversation|chat|war|blog post|lot|lots|bit|couple|few|chance|call|calls|question|questions|message|messages|email|emails|idea|feeling|sense|headache|break|moment|minute|look|go|try|day|week|night|time)$`,
);

/** A business noun alone ("salon", "barbershop", "food truck"'s "truck"). */
const BUSINESS_NOUN = new RegExp(`^(?:${BUSINESS_NOUNS})$`, 'iu');

/**
 * A name given beside the business, in any of the ways people give one ("…, it's called X", "the
 * name is X", "the name: X", "name X"), said as "called X".
 */
function namedAs(text: string): string {
  return text
    .replace(/,?\s*(?:it'?s|it is|which is|she'?s|he'?s|is|was)\s+(?=called|named)/gi, ' ')
    .replace(/[\s,;—–-]*(?:the |its |it'?s )?name(?:['’]?s|\s+is|\s*:|(?=\s+[\p{Lu}\d]))\s+/giu, ' called ');
}

/** Verbs of running something, by lemma: what follows them is the user's business or project. */
const OWNING_LEMMAS = new Set(['run', 'own', 'start', 'open', 'found', 'manage', 'co-own', 'launch', 'get', 'have']);

/** "I don't own a shop any more", "we never had a site": a verb of running something, denied. */
function deniesOwning(sentence: string): boolean {
  return parse(sentence).sentences.some((s) => s.tokens.some((w) => w.negated && OWNING_LEMMAS.has(w.lemma)));
}

/**
 * "we run a tea room in Whitby called The Copper Kettle" → "a tea room in Whitby called The Copper
 * Kettle": the noun phrase after a verb of running (from the parse), with the rest of its clause.
 */
function ownedNounPhrase(sentence: string): string | null {
  for (const s of parse(sentence).sentences) {
    const t = s.tokens;
    for (let i = 0; i < t.length - 2; i++) {
      const verb = t[i] as Token;
      // "I have a salon": the tagger may read a possessing "have" as an auxiliary.
      if (!(verb.pos === 'VERB' || (verb.pos === 'AUX' && verb.lemma === 'have')) || !OWNING_LEMMAS.has(verb.lemma))
        continue;
      // "we have never had our own page": what one lacks is not what one runs.
      if (verb.negated) continue;
      const det = t[i + 1] as Token;
      // "I have flower shop in Leeds": without a determiner, only a business noun heads the phrase
      // (a modifier the tagger misreads as a verb, "flower", still counts before a noun).
      const modifier = (k: number) =>
        ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes((t[k] as Token).pos) ||
        ((t[k] as Token).pos === 'VERB' && t[k + 1]?.pos === 'NOUN');
      const bare = !(det.pos === 'DET' || det.pos === 'PRON') && modifier(i + 1) && det.pos !== 'PROPN';
      if (
        !bare &&
        !((det.pos === 'DET' || det.pos === 'PRON') && /^(?:a|an|the|our|my|this|two|three)$/.test(det.lower))
      )
        continue;
      let j = bare ? i + 1 : i + 2;
      while (j < t.length && (bare ? modifier(j) : ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes((t[j] as Token).pos))) j++;
      const head = t[j - 1] as Token;
      if (j === (bare ? i + 1 : i + 2) || head.pos !== 'NOUN' || NOT_A_BUSINESS.test(head.lower)) continue;
      if (bare && !BUSINESS_NOUN.test(head.lower)) continue;
      const startWord = t[i + 1] as Token;
      const from = s.text.indexOf(` ${startWord.text} `, s.text.indexOf(verb.text)) + 1;
      let text = s.text.slice(from).split(/\s+(?:and|but|so)\s+(?:i|we|it|they)\b|[;!?]|\.(?:\s|$)/i)[0] ?? '';
      text = namedAs(text)
        .replace(TIME_TAIL, '')
        .replace(/^(?:our|my)\s+own\s+/i, 'your own ')
        .replace(/^(?:our|my|the|this)\s+/i, 'a ')
        .replace(/\s+/g, ' ')
        .trim();
      if (bare) text = `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;
      if (text.split(' ').length >= 2)
        return text
          .replace(/\bmy\b/gi, 'your')
          .replace(/\bour\b/gi, 'your')
          .slice(0, 300);
    }
  }
  return null;
}

/** "the business is called Spoke Doctors", "our café's called Bean There": the kind and its name. */
/** A business's name: capitalised words, with "&", "and", "of", "the" between them. */
const BUSINESS_NAME = "(?:[\\p{Lu}\\d][\\p{L}\\d&'’-]*)(?:\\s+(?:&|and|of|the|[\\p{Lu}\\d][\\p{L}\\d&'’-]*))*";
/** Where it is: "in Derby", "up in Whitby". */
const BUSINESS_PLACE =
  "(?:\\s+(?:(?:down|up|out|over)\\s+)?(?:in|on|at|near|by)\\s+[\\p{Lu}][\\p{L}'’-]*(?:\\s+[\\p{Lu}][\\p{L}'’-]*)*)?";
/** "our cat grooming parlour in Derby is called Purrfect": kind, place and name. */
const NAMED_BUSINESS = new RegExp(
  `\\b(?:our|my|the)\\s+((?:[\\p{Ll}-]+\\s+){0,3}?(?:${BUSINESS_NOUNS})${BUSINESS_PLACE})(?:'s|’s|\\s+is)\\s+(?:called|named)\\s+(${BUSINESS_NAME})`,
  'u',
);
/** "…under the name Hide & Seek", "trading as Crumbs": a business by its name alone. */
const UNDER_NAME = new RegExp(
  `\\b(?:under the (?:name|brand|label)|trading as|(?:branded|known) as|the brand(?:'s| is) called)\\s+(${BUSINESS_NAME})`,
  'u',
);
/** "we're Quiet Tide, a yoga studio up in Whitby": the name, then what it is. */
const NAME_FIRST_BUSINESS = new RegExp(
  `\\b(?:we'?re|we are|we’re|i'?m|i am|this is)\\s+(${BUSINESS_NAME}),\\s+an?\\s+((?:[\\p{Ll}-]+\\s+){0,3}?(?:${BUSINESS_NOUNS})${BUSINESS_PLACE})`,
  'u',
);

/**
 * "we've got a website…", "everybody has a proper website": names what they have or lack (a site of
 * some quality), not what they run.
 */
const BARE_SITE =
  /^(?:an?|the)\s+(?:(?:proper|real|decent|nice|good|basic|simple|new|fancy|professional|modern|actual|working|own|online|little|half-decent)\s+)*(?:web ?site|site|web ?page|page|app|project|platform)(?![\p{L}])(?!.*\b(?:called|named)\b)/iu;

/** The business a message describes ("a bike shop in Cork called Spokes"), or null. */
export function describedBusiness(message: string): string | null {
  const found = businessOf(message);
  if (!found || /\bcalled\b/.test(found)) return found;
  // "…my own studio in Porto. It will be called The Lotus Room.": the name given in a later sentence,
  // by a pronoun or the kind of place.
  const later = NAMED_LATER.exec(message.slice(0, 600));
  return later?.[1] ? `${found} called ${later[1].replace(/\s+(?:and|of|the)$/i, '')}`.slice(0, 300) : found;
}

/** "It will be called X", "the shop's name is X", "she is named X" in a sentence of its own. */
const NAMED_LATER = new RegExp(
  `(?:^|[.!?,;—–]\\s+)(?:(?:[Ii]t|[Ss]he|[Hh]e|[Tt]his)(?:'s|’s| is| will be| was| would be| is going to be)?\\s+(?:called|named)|(?:[Tt]he|[Ii]ts|[Oo]ur|[Mm]y|[Hh]er|[Hh]is) name(?:'s|’s| is| will be|:))\\s+(${BUSINESS_NAME})`,
  'u',
);

function businessOf(message: string): string | null {
  const named = NAMED_BUSINESS.exec(message.slice(0, 600));
  if (named?.[1] && named[2])
    return `a ${named[1].replace(/^\S+/, (w) => w.toLowerCase())} called ${named[2].replace(/\s+(?:and|of|the)$/i, '')}`;
  const under = UNDER_NAME.exec(message.slice(0, 600));
  if (under?.[1]) {
    // "I make leather wallets and sell them in Galway under the name Hide & Seek".
    const sentence =
      message
        .slice(0, under.index)
        .split(/(?<=[.!?])\s+/)
        .at(-1) ?? '';
    const what = sentence
      .replace(/^(?:(?:so|and|well|ok|okay|anyway)[,]?\s+)+/i, '')
      .replace(/\b(?:i|we)\b/gi, 'you')
      .replace(/\b(?:my|our)\b/gi, 'your')
      .replace(/[\s,;—–-]+$/, '')
      .trim();
    return `a business called ${under[1]}${FIRST_PERSON.test(sentence) && what ? ` (${what})` : ''}`.slice(0, 300);
  }
  const nameFirst = NAME_FIRST_BUSINESS.exec(message.slice(0, 600));
  if (nameFirst?.[1] && nameFirst[2]) return `a ${nameFirst[2]} called ${nameFirst[1]}`;
  for (const whole of message.slice(0, 600).split(/(?<=[.!?])\s+/)) {
    // "I run a barber shop — could you do us a site?": the description is what comes before the ask.
    const ask = whole.search(REQUEST);
    const sentence = ask >= 0 ? whole.slice(0, ask).replace(/[\s,;:—–-]+(?:and|so)?\s*$/i, '') : whole;
    if (!FIRST_PERSON.test(sentence) || sentence.includes('?')) continue;
    const owned = ownedNounPhrase(sentence);
    if (owned && !BARE_SITE.test(owned)) return owned;
    const m = BUSINESS.exec(sentence);
    if (!m?.[1] || !OWNING.test(sentence.slice(0, m.index + 1 + m[0].length - (m[2] ?? '').length))) continue;
    if (deniesOwning(sentence)) continue;
    // "my sister have a food truck": the phrase starts at the determiner nearest the noun.
    const words = m[1].split(/\s+/);
    let start = 0;
    for (let i = 0; i < words.length - 1; i++) if (/^(?:a|an|our|my|the)$/i.test(words[i] as string)) start = i + 1;
    // "my own yoga studio": "own" stays with its owner.
    const owner = start > 0 ? words[start - 1] : /^\S+/.exec(m[0])?.[0];
    const phrase = words
      .slice(start)
      .join(' ')
      .replace(/^own\s+/i, /^(?:my|our)$/i.test(owner ?? '') ? 'your own ' : 'own ');
    const rest = namedAs(m[2] ?? '')
      .replace(TIME_TAIL, '')
      // "a vet clinic and i live in boise": a new clause about the writer is no part of the business.
      .replace(/\s+(?:and|but|so)\s+(?:i|i'm|im|i've|we|we're|my|our)\b.*$/i, '')
      .replace(/[.!]+\s*$/, '')
      .trim();
    if (BARE_SITE.test(`a ${phrase} ${rest}`)) continue;
    const text = `${/^your own\b/i.test(phrase) ? '' : /^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase} ${rest}`
      .replace(/\s+/g, ' ')
      .replace(/\s+,/g, ',')
      .trim();
    return text
      .replace(/\bmy\b/gi, 'your')
      .replace(/\bour\b/gi, 'your')
      .slice(0, 300);
  }
  return null;
}

const NEWS_VERB =
  /\b(?:ran|finish|(?:my|our) (?:very )?(?:first|1st|debut)(?= [a-z-]+ (?:is|are|was|were|in|at|on|today|yesterday|yday|this|last)\b)|shipped|launched|released|dropped|won(?!['’]t)|hit|reached|opened|raised|published|finished|passed|signed|closed|broke|crossed|landed|completed|unveiled|announced|went live|go live|sold out|put out|got funded|got featured|is (?:finally )?(?:opening|launching|live|out)|are (?:finally )?(?:opening|launching|live)|(?:we'?re|we are) (?:finally )?(?:opening|launching)|comes? out|coming out|(?:is|are|'re|'s) (?:performing|playing|exhibiting|hosting|holding|running|celebrating|speaking|competing|racing|singing)\b(?=[^.!?]*\b(?:on|this|next|tomorrow|tonight|at)\b)|(?:drops|launches|opens|reopens|starts|begins|goes live|premieres|releases) (?:on|this|next|tomorrow|today|in)\b|reopen(?:s|ing|ed)\b)\b/i;

/** News the user shares ("we finally launched our cookbook today"), or null. */
export function describedNews(message: string): string | null {
  const sentences = message.slice(0, 600).split(/(?<=[.!?])\s+/);
  for (const [i, sentence] of sentences.entries()) {
    // "ran my first marathon yday": news of one's own, told without the "I".
    if (!(FIRST_PERSON.test(sentence) || /\b(?:my|our)\b/i.test(sentence)) || REQUEST.test(sentence)) continue;
    if (sentence.includes('?')) continue;
    if (!NEWS_VERB.test(sentence) && !/\bbig news\b/i.test(sentence)) continue;
    const news = sentence
      .replace(/^\s*(?:big news|news|guess what|so|ok|okay)\s*[:!,.-]*\s*/i, '')
      .replace(/[!.]+\s*$/, '')
      .trim();
    // "we shipped our first board game!! its called moss & marrow": the name said next goes with it.
    const named = NAMES_IT.exec(sentences[i + 1] ?? '')?.[0].replace(/[!.]+\s*$/, '');
    return (named ? `${news} (${named})` : news).slice(0, 300);
  }
  return null;
}

/** A sentence naming what was just told: "it's called …", "its name is …", "called …". */
const NAMES_IT =
  /^\s*(?:(?:it'?s|it’s|its|it is|they'?re|the (?:game|book|album|app|shop|show|film|zine|podcast|band))\s+(?:called|named|titled)|(?:its|the) (?:name|title)(?:'s| is)|called)\s+[^.!?]{1,60}/i;
