/**
 * Questions that need live data — weather, prices, news, scores, traffic, timetables, opening
 * hours, releases — which the offline engine cannot answer. Recognised by their subject and a
 * question or "now/today" frame; the answer names what was asked ("the weather in Edinburgh",
 * "the price of bitcoin") so the honest "I can't look that up offline" is about this question.
 */

import { CLOCK_TIME, NOT_A_PLACE, PRICE_AT, RAIN_OR_SUN_GEAR, STILL_OPEN } from './live-cues';
import { parse } from './parse';

/** A live-data question: what it asks about, as a phrase to say back. */
export interface LiveQuestion {
  kind:
    | 'weather'
    | 'price'
    | 'news'
    | 'sport'
    | 'exchange'
    | 'traffic'
    | 'transport'
    | 'hours'
    | 'release'
    | 'markets'
    | 'stock'
    /** The clock somewhere else ("what time is it in Auckland?"): computed, not looked up (`clock.ts`). */
    | 'clock'
    /** Any other question about the world outside the conversation ("did Arsenal win?"). */
    | 'world'
    /** How or why the world works ("why do cats purr?"): general knowledge, no live data (`explain-question.ts`). */
    | 'explain';
  /** "the weather in Edinburgh", "the price of bitcoin", "today's headlines". */
  topic: string;
  /** For 'clock': the place whose time is asked, as written ("Auckland"). */
  place?: string;
}

const CAP_WORDS = /\b(?:[A-Z][A-Z0-9]+\b|[A-Z][\p{L}'’&-]*)(?:\s+(?:[A-Z][A-Z0-9]+\b|[A-Z][\p{L}'’&-]*))*/gu;
const SENTENCE_WORDS = new Set(
  'I Im Is Are Was Were Did Will Do Does What Whats When Whens Who How Hows Any Has Have Can Could Should Would The A Nice Ok Okay So By Right Quick Sorry Hey Hi Our My We Its Their His Her Just And Also But Or Then Now Yo Hello Well Oh Today Tomorrow Tonight Yesterday'.split(
    ' ',
  ),
);

/** Capitalised names in the question (places, teams, brands), sentence words left out. */
function namesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CAP_WORDS)) {
    const words = m[0].split(/\s+/).filter((w) => !SENTENCE_WORDS.has(w.replace(/['’]/g, '')));
    if (words.length) out.push(words.join(' '));
  }
  return out;
}

/** A question: a question mark, or a question word opening it ("what a relief" is an exclamation). */
const QUESTION =
  /\?|^\s*(?:(?:so|and|also|ok|okay|hey|yo|quick one|by the way|btw|nice)[,.!]?\s+)*(?:is|are|will|would|do|does|did|has|have|what(?!\s+an?\s)|whats|what's|when|whens|when's|who|how|hows|how's|any|anything|anyone|can you tell|tell me|should i|(?:can|could) (?:you|u) (?:check|look up|find out|see)|check (?:whether|if))\b/i;
const NOW =
  /\b(?:now|right now|rn|atm|tdy|today|tonight|tonite|2nite|tomorrow|tmrw|tmr|tmw|2moro|this (?:morning|afternoon|evening|week|weekend)|at the moment|(?:at |in )?this (?:very )?moment|currently|current|latest|these days|yet|later|last night|yesterday)\b/i;
/** Work requests that mention a live subject ("write a post about the news") are not questions. */
const REQUEST = /\b(?:write|draft|post|cast|draw|paint|sketch|build|make|design|create|generate|mint)\b/i;

const WEATHER =
  /\b(?:weather|forecast|rain(?:ing|y)?|sunny|sunshine|snow(?:ing|y)?|umbrella|coat|jacket|raincoat|brolly|suncream|sunscreen|sunblock|wellies|temperature|degrees|hot or cold|hot|warm|cold|chilly|windy|stormy|foggy|humid|freezing)\b/i;
/** A price asked, or its movement ("is nvidia up or down", "is eth pumping"). */
const PRICE =
  /\b(?:price|prices|worth|trading|cost|costs|value|how much (?:is|are|does|do)|up or down|pumping|dumping|mooning|tanking|rallying)\b/i;
const ASSET =
  /\b(?:bitcoin|btc|eth|ether|ethereum|solana|sol|doge|dogecoin|usdc|crypto|shares?|stocks?|gold|silver|oil|petrol|gas|diesel|pint of \w+|loaf of \w+|[A-Z][\p{L}]+ shares)\b/iu;
const NEWS = /\b(?:news|headlines?|happening in the world|going on in the world|current events)\b/i;
const SPORT =
  /\b(?:score|scores|match|game|fixture|race|fight|bout|result|results|who won|who is winning|whos winning|how many (?:runs|goals|points|wickets|laps))\b|\b(?:[Dd]id|[Dd]o|[Ww]ill|[Aa]re|[Ii]s)\s+(?:the\s+)?[A-Z][\p{L}]+(?:\s+[A-Z][\p{L}]+)?\s+(?:win|won|lose|lost|beat|draw|winning|losing|playing)\b|\b(?:[Dd]id|[Ww]ill)\s+(?:the\s+)?(?!(?:you|u|i|we|my|your|ur|he|she|they|it|anyone|someone|everyone)\b)[\p{Ll}]+(?:\s+[\p{Ll}]+)?\s+(?:win|lose|beat|draw)\b(?=[^.?!]{0,20}\b(?:last night|tonight|today|yesterday|at the weekend|on (?:sunday|saturday)))/u;
/** (The verb may open the sentence: "Did the All Blacks win?") */
/** Sports and competitions by name (said back in the topic: "the latest boxing result"). */
const SPORT_NAMES =
  /\b(?:football|soccer|cricket|rugby|tennis|golf|boxing|ufc|mma|wrestling|darts|snooker|basketball|baseball|hockey|cycling|marathon|f1|formula 1|grand prix|league|cup|final|derby|world cup|olympics|nba|nfl|nhl|premier league)\b/i;
const SPORT_WORDS = new RegExp(`${SPORT_NAMES.source}|\\b(?:last night|today|tonight|yesterday)\\b`, 'i');
const EXCHANGE =
  /\bexchange rate\b|\b(?:pounds?|quid|euros?|dollars?|yen|rupees?|pesos?)\b.*\b(?:to|into|in|against)\b.*\b(?:pounds?|euros?|dollars?|yen|rupees?|pesos?)\b/i;
const TRAFFIC = /\b(?:traffic|jammed|jams?|congestion|gridlock|roadworks|tailbacks?|delays? on)\b/i;
const TRANSPORT =
  /\b(?:flight|train|bus|ferry|coach|plane)\b[^.?!]{0,40}\b(?:delayed|late|on time|cancelled|canceled|running|departed|landed|boarding|landing|lands|arriving|arrives|arrival|departure)\b|\bflight\s+[A-Z]{2}\s?\d{2,4}\b|\b(?:next|last|first)\s+(?:train|bus|tram|flight|ferry|coach)\b|\b(?:train|bus|flight) times\b|\bdeparture board\b/i;
const HOURS = /\b(?:close|closes|closing|open|opens|opening)\b/i;
/** "is it running on time?" about a train, bus or flight said anywhere in the message, or a departure time. */
const TRANSPORT_STATUS =
  /\b(?:is|was|are)\s+(?:it|that|she|they|mine)\s+(?:still\s+)?(?:running|delayed|late|on time|cancell?ed)\b|\b(?:delayed|running late|on time|cancell?ed)\b/i;
const VEHICLE = /\b(?:flight|train|bus|tram|ferry|coach|plane)\b|\b\d{1,2}[.:]\d{2}\b/i;
/** Fees to send a transaction now ("gas on Base now?", "gwei rn", "are fees cheap on mainnet"). */
const GAS_FEES =
  /\bgwei\b|\bgas\b[^.?!]{0,20}\bon (?:base|ethereum|eth|mainnet|l2|arbitrum|optimism|polygon)\b|\bgas fees?\b|\b(?:network|transaction|tx) fees?\b/i;
/** Results of a vote being counted ("are the Nairobi election results out yet?"). */
const ELECTION = /\b(?:elections?|referendum|vote count|polls? (?:closed|results?))\b/i;
/** "the pharmacy near me … close", "the library open": a place, by its kind, and its hours. */
const VENUE =
  /\bthe\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]{3,}(?:\s+(?:near|by|round|on|at|in)\s+(?:me|my \w+|here|the (?:(?!still\b)[\p{Ll}-]+\s+){0,2}(?!still\b)[\p{Ll}-]+|my \w+))?),?\s+(?:(?:it|they)\s+)?(?:(?:is|are|'s)\s+)?(?:still\s+)?(?:open|opens|close|closes|closed|shut|shuts)\b/iu;
/** Whether a shop has something, or seats are left: stock that changes by the hour. */
const STOCK =
  /\b(?:in stock|out of stock|sold out|restocked|still (?:has|have|got|sells?|selling|stocks?)|(?:tickets?|seats?|tables?|rooms?|spaces?|places?)\s+(?:left|available|free)|any (?:\w+ )?(?:left|available))\b/i;
const RELEASE = /\b(?:come out|came out|out yet|released|release date|launch date|dropped yet)\b/i;
const MARKETS = /\bstock market|\bmarkets? (?:doing|today|now)|\b(?:ftse|dow jones|nasdaq|s&p)\b/i;

/**
 * A weekday with no year: a day of this week or the last ("did they win on Saturday?"), as recent
 * as "yesterday" for a result.
 */
const WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\b/i;

/**
 * The words currencies are called by in English: the last word of each name `Intl.DisplayNames`
 * gives the ISO 4217 codes the runtime knows ("Thai Baht" → baht, "Swiss Franc" → franc), with
 * accents and without ("złoty", "colón"), plus everyday names. Special Drawing Rights and gold are
 * not money one changes.
 */
let currencyWords: Set<string> | null = null;
function currencyNames(): Set<string> {
  if (currencyWords) return currencyWords;
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  currencyWords = new Set(['quid', 'buck', 'bucks', 'sterling', 'greenback']);
  for (const code of Intl.supportedValuesOf('currency')) {
    const name = names.of(code);
    if (!name || /[\d(]/.test(name)) continue;
    const word = name.split(' ').at(-1)?.toLowerCase() ?? '';
    if (['rights', 'gold', 'silver'].includes(word)) continue;
    currencyWords.add(word);
    currencyWords.add(word.normalize('NFD').replace(/\p{M}/gu, ''));
  }
  return currencyWords;
}

/**
 * The currencies a message names, in order, as nouns (the tagger's reading keeps "won" the verb
 * and "real" the adjective out) or as ISO codes in capitals ("EUR", "THB").
 */
function currencyWordsIn(text: string): string[] {
  const words = currencyNames();
  const out: string[] = [];
  for (const t of parse(text).sentences.flatMap((s) => s.tokens)) {
    // "euros" → euro; "baht" and "yen" are their own plural.
    const word = words.has(t.lower) ? t.lower : t.lower.replace(/s$/, '');
    const code = /^[A-Z]{3}$/.test(t.text) && Intl.supportedValuesOf('currency').includes(t.text);
    const noun = (t.pos === 'NOUN' || t.pos === 'PROPN') && words.has(word);
    const name = code ? t.text : noun ? word : null;
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Two currencies set against each other: one for, to, into or per the other, or their rate. */
const EXCHANGE_SHAPE = /\b(?:for|to|into|in|against|per|vs|versus|from|rate|worth|buy|get|convert|change)\b/i;

/** Days, months and feasts: when, not where ("the forecast for Saturday"). */
const WHEN_NAME =
  /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight|christmas|easter|halloween|weekend)s?$/i;

function place(text: string, hint: string | null): string | null {
  const cued = [
    ...text.matchAll(/\b(?:in|at|for|near|around|over)\s+((?:[A-Z][\p{L}'’-]*)(?:\s+[A-Z][\p{L}'’-]*)*)/gu),
  ];
  const m = cued.find((c) => !WHEN_NAME.test(c[1] ?? ''));
  if (m?.[1]) return m[1];
  if (/\b(?:there|over there|where i live|my (?:city|town|area))\b/i.test(text) && hint) return hint;
  return namesIn(text).find((n) => !WHEN_NAME.test(n)) ?? null;
}

/**
 * The live-data question a message asks, or null. `placeHint` is where "there" points (the
 * user's city or the last place mentioned).
 */
export function liveQuestion(message: string, placeHint: string | null = null): LiveQuestion | null {
  const text = message.slice(0, 400);
  // "Now one of a postman in the rain": "now" opening a sentence moves the talk on; it asks no time.
  const nowSaid = NOW.test(
    text.replace(
      /(?:^|[.!?]\s*)\W*now\b(?!\W*(?:what|whats|what's|how|hows|how's|is|are|will|does|do|can|when|where|which|who)\b)/gi,
      ' ',
    ),
  );
  // A statement about oneself ("we released our album today") is news, not a question.
  if (!QUESTION.test(text) && (!nowSaid || /\b(?:i|i'm|im|we|we're|our|my)\b/i.test(text))) return null;
  if (REQUEST.test(text) && !/\?/.test(text)) return null;
  if (/\b(?:my|our) (?:site|website|post|cast|art|nft|avatar|skill)\b/i.test(text)) return null;
  const names = namesIn(text);
  if (MARKETS.test(text)) return { kind: 'markets', topic: 'the stock market today' };
  const currencies = currencyWordsIn(text);
  if (currencies.length >= 2 && EXCHANGE_SHAPE.test(text))
    return { kind: 'exchange', topic: `the exchange rate between the ${currencies[0]} and the ${currencies[1]}` };
  if (EXCHANGE.test(text)) {
    const cur = text.match(/\b(?:pounds?|quid|euros?|dollars?|yen|rupees?|pesos?)\b/gi) ?? [];
    return {
      kind: 'exchange',
      topic: cur.length >= 2 ? `the exchange rate from ${cur[0]} to ${cur[1]}` : 'exchange rates',
    };
  }
  if (
    WEATHER.test(text) &&
    (NOW.test(text) ||
      /\b(?:will it|is it|do i need|going to|gonna)\b/i.test(text) ||
      RAIN_OR_SUN_GEAR.test(text) ||
      /\b(?:weather|forecast|temperature|outside)\b/i.test(text))
  ) {
    const where = place(text, placeHint);
    // "the forecast for Saturday": a named day is when, said as such.
    const day = text.split(/[^\p{L}]+/u).find((w) => WHEN_NAME.test(w) && /^\p{Lu}/u.test(w));
    const on = day ? (/^to/i.test(day) ? ` ${day.toLowerCase()}` : ` on ${day}`) : '';
    return {
      kind: 'weather',
      topic: where ? `the weather in ${where}${on}` : day ? `the weather${on}` : questionTopic(text),
    };
  }
  // prices on our own marketplace are answered from its figures, not as live market data
  if (
    (PRICE.test(text) || (PRICE_AT.test(text) && ASSET.test(text))) &&
    (ASSET.test(text) || NOW.test(text)) &&
    !PLATFORM.test(text)
  ) {
    // "one Tesla share": the company named before "share" or "stock" is the asset.
    const company =
      /\b([\p{Lu}][\p{L}&]*(?:\s+[\p{Lu}][\p{L}&]*)?)\s+(?:shares?|stocks?)\b/u.exec(text)?.[1] ??
      /\b(?:shares?|stocks?) (?:of|in) ([\p{Lu}][\p{L}&]*(?:\s+[\p{Lu}][\p{L}&]*)?)/u.exec(text)?.[1];
    const asset =
      (company && !SENTENCE_WORDS.has(company) ? `${company} shares` : null) ??
      ASSET.exec(text)?.[0] ??
      names[0] ??
      null;
    if (asset || NOW.test(text))
      return { kind: 'price', topic: asset ? `the current price of ${asset}` : questionTopic(text) };
  }
  if (NEWS.test(text)) return { kind: 'news', topic: /\bheadline/i.test(text) ? "today's headlines" : "today's news" };
  const past = /\b(?:1[89]|20)\d\d\b/.test(text) && !NOW.test(text);
  if (
    SPORT.test(text) &&
    !past &&
    (NOW.test(text) || WEEKDAY.test(text) || /\bscores?\b/i.test(text)) &&
    (SPORT_WORDS.test(text) || names.length > 0)
  ) {
    const sport = SPORT_NAMES.exec(text)?.[0]?.toLowerCase();
    const teams = names.filter((n) => !WHEN_NAME.test(n));
    // "did the lakers win last night": a team typed in lower case is named by its place in the question.
    const typed = /\b(?:did|will)\s+(?:the\s+)?([\p{Ll}]+(?:\s+[\p{Ll}]+)?)\s+(?:win|lose|beat|draw)\b/iu.exec(
      text,
    )?.[1];
    const team = typed?.replace(/\s+(?:\w+ly|even|just|still|ever)$/i, '');
    const who = teams.length
      ? teams.join(' vs ')
      : team && !/^(?:you|u|i|we|my|your|ur|he|she|they|it)$/i.test(team)
        ? team
        : null;
    // "who won the boxing last night" asks a result; "India vs Australia, how many runs" a score.
    const what = /\b(?:won|win|winner|result|results|beat|lost|lose)\b/i.test(text) ? 'result' : 'score';
    if (who || sport || SPORT_WORDS.test(text))
      return {
        kind: 'sport',
        topic: `the latest ${[who, sport].filter(Boolean).join(' ')} ${what}`.replace(/\s+/g, ' '),
      };
  }
  if (GAS_FEES.test(text)) return { kind: 'price', topic: 'current gas fees on the network' };
  if (ELECTION.test(text) && /\b(?:results?|won|win|winning|winner|count|out|yet|leading|who)\b/i.test(text))
    return { kind: 'news', topic: `the latest ${names[0] ? `${names[0]} ` : ''}election results` };
  if (TRAFFIC.test(text)) {
    // "is the M25 jammed", "traffic on the 405": the road asked about, before any other name said.
    const road =
      /\b(?:on|along)\s+(?:the\s+)?((?:[A-Z][\p{L}\d-]*|\d+)(?:\s+[A-Z][\p{L}\d-]*)*)/u.exec(text)?.[1] ??
      /\bthe\s+([A-Z]+\d+[A-Z]?|[A-Z]\d*)\s+(?:jammed|busy|blocked|clear|closed)\b/u.exec(text)?.[1] ??
      names[0];
    return { kind: 'traffic', topic: `live traffic${road ? ` on the ${road}` : ''}` };
  }
  if (TRANSPORT.test(text) || (VEHICLE.test(text) && TRANSPORT_STATUS.test(text))) {
    const route = /\bfrom\s+([A-Z][\p{L}]+)\s+to\s+([A-Z][\p{L}]+)/u.exec(text);
    const vehicle = /\b(?:flight|train|bus|ferry|coach|plane)\b/i.exec(text)?.[0]?.toLowerCase() ?? 'train';
    const to = /\b(?:flight|train|bus|ferry|coach|plane)\b[^.?!]{0,20}?\bto\s+([A-Z][\p{L}]+)/u.exec(text)?.[1];
    const topic = route
      ? `${vehicle} times from ${route[1]} to ${route[2]}`
      : to
        ? `the live status of the ${vehicle} to ${to}`
        : questionTopic(text);
    return { kind: 'transport', topic };
  }
  // "is cvs still open, it's like 9pm": a shop by its name in lower case, asked whether it is open now.
  const shop = STILL_OPEN.exec(text)?.[1];
  if (shop && !NOT_A_PLACE.test(shop))
    if (/\bstill\b/i.test(text) || NOW.test(text) || CLOCK_TIME.test(text))
      return {
        kind: 'hours',
        topic: /^the\s/i.test(shop) ? `the opening hours of ${shop}` : `${shop}'s opening hours`,
      };
  if (HOURS.test(text) && NOW.test(text) && names.length)
    return { kind: 'hours', topic: `${names[0]}'s opening hours` };
  // "what time does the pharmacy near me close today": a place named by its kind.
  const venue = VENUE.exec(text);
  if (
    venue?.[1] &&
    !NOT_A_PLACE.test(venue[1]) &&
    (NOW.test(text) || /\b(?:what time|when|how late|until when|till when|still)\b/i.test(text))
  )
    return {
      kind: 'hours',
      topic: `the opening hours of the ${venue[1].replace(/\b(?:me|my)\b/gi, (w) => (w === 'me' ? 'you' : 'your'))}`,
    };
  if (STOCK.test(text)) return { kind: 'stock', topic: questionTopic(text) };
  const product = names[0] ?? /\b(?:the )?(?:new|latest|next) ([\p{L}0-9]+)/u.exec(text)?.[1];
  // "v2.0 released today ✅" tells news; "is the new Zelda out yet?" asks it.
  if (RELEASE.test(text) && product && QUESTION.test(text))
    return { kind: 'release', topic: `release news about the ${product}` };
  return null;
}

/**
 * About this platform (its marketplace, avatars, skills, NFTs, XP), which the engine can answer
 * offline from its own figures: not a question about the outside world.
 */
const PLATFORM = /\b(?:marketplace|market|skills?|avatars?|nfts?|xp|editions?|listings?)\b/i;
/** Addressed to the avatar ("what do you think…") or about the user ("should I…"): not the world. */
const ADDRESSED = /\b(?:you|your|yours|yourself|u|ur|ya)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|im|i've|me|my|mine|we|we're|our|us)\b/i;
/** Date and clock questions the calendar answers ("what day is it", "days left till the weekend"). */
const DATE_QUESTION =
  /\bwhat time is it\b|\bwhat(?:'s| is)? (?:the )?(?:day|date|year|month)\b|\bwhich day\b|\bdays? (?:until|till|til|left)\b|\bhow long (?:until|till)\b|\bis it (?:the )?weekend\b|\b(?:christmas|new year|halloween|valentine)/i;
/** Words of a question about the changing world. */
const WORLD_WORDS =
  /\b(?:latest|current|currently|trending|top|richest|biggest|popular|bestsellers?|charts?|elections?|polls?|stocks?|shares?|prices?|flights?|fares?|tickets?|temperature|outside|sunset|sunrise|tides?|season|running|delayed|cancelled|open|closed|playing|on at)\b/i;
/** Verbs of events in the world, by lemma ("did Arsenal win", "has Severance dropped"). */
const EVENT_LEMMAS = new Set([
  'win',
  'lose',
  'beat',
  'play',
  'score',
  'open',
  'close',
  'run',
  'release',
  'drop',
  'announce',
  'resign',
  'elect',
  'trend',
  'happen',
  'sell',
  'cost',
  'live',
  'die',
  'marry',
  'sign',
]);
/** A sentence opened as a question: an auxiliary, a question word, "any…" (fillers before it aside). */
const QUESTION_OPEN =
  /^\s*(?:(?:so|and|also|ok|okay|hey|hi|btw|quick one|quick question)[,.!]?\s+)*(?:is|are|was|were|will|would|do|does|did|has|have|had|can|could|should|may|might|what|whats|what's|when|whens|when's|where|who|whos|who's|which|how|hows|how's|why|any|anyone|anybody|anything|tell me)\b/i;
/** A frame asking the avatar to tell an embedded question's answer, up to the question's word. */
const ASKING_FRAME =
  /^\s*(?:(?:hi|hey|hello|ok|okay|so|and|please|pls|quick one|quick question)[,.!]?\s+)*(?:(?:could|can|would|will) (?:you|u) (?:please |pls |maybe )?(?:tell me|let me know|check|find out|look up|see)|(?:do|would) (?:you|u) (?:happen to |by any chance )?know|any idea|(?:have|got) (?:you )?(?:got )?any idea|i (?:was )?wonder(?:ing)?)\s+(?=(?:if|whether|how|what|whats|what's|when|where|who|which|why)\b)/i;
const WH_START =
  /^\s*(?:(?:so|and|ok|okay|hey|btw|quick one)[,.!]?\s+)*(?:who|whos|who's|when|whens|when's|where|which|how many|how much|what|whats|what's)\b/i;

/** The question as said back: fillers and the question mark dropped, at most 100 characters. */
export function questionTopic(message: string): string {
  const q = message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:(?:so|and|ok|okay|hey|hi|yo|btw|quick one|quick question|random question|um|hmm)[,.!:]?\s+)+/i, '')
    .replace(/^(?:do you know|any idea|(?:can|could) (?:you|u) (?:tell me|check|look up|find out|see)|tell me)\s+/i, '')
    .replace(/[?!.\s]+$/, '');
  return `"${q.length > 100 ? `${q.slice(0, 97).replace(/\s+\S*$/, '')}…` : q}"`;
}

/**
 * A question about the world outside the conversation that no subject list above names ("did
 * Arsenal win?", "what's trending today", "how many people live in Tokyo?"): a question, not to the
 * avatar and not about the user or the calendar, that names something in the world (a proper noun
 * from the tagger with a wh-word or an event verb) or asks about now. The topic is the question
 * itself, so the honest reply names it.
 */
export function worldQuestion(message: string): LiveQuestion | null {
  // "any pharmacy open tonight?? im in porto": the question is its own sentence; what the writer
  // says of themselves beside it does not make it a question about them.
  const sentences = message.slice(0, 300).split(/(?<=[.?!])\s+/);
  if (sentences.length > 1) {
    for (const s of sentences) {
      // "today was kinda perfect?? nailed my talk" exclaims: a sentence asks by its form, not by "?" alone.
      const q = QUESTION_OPEN.test(s) ? worldQuestion(s) : null;
      if (q) return q;
    }
    return null;
  }
  const text = message.slice(0, 300);
  // "could you tell me how Nokia closed?", "do you know if the museum is open?": the frame addresses
  // the avatar only to ask; the question it embeds is read for whom and what it is about.
  const embedded = text.replace(ASKING_FRAME, '');
  if (!QUESTION.test(text) || ADDRESSED.test(embedded) || DATE_QUESTION.test(text) || PLATFORM.test(text)) return null;
  if (REQUEST.test(text) || (FIRST_PERSON.test(embedded) && !WEATHER.test(text))) return null;
  const tokens = parse(text).sentences.flatMap((s) => s.tokens);
  const proper = tokens.slice(1).some((t) => t.pos === 'PROPN' && /^[\p{Lu}\d]/u.test(t.text));
  const event = tokens.some((t) => (t.pos === 'VERB' || t.pos === 'AUX') && EVENT_LEMMAS.has(t.lemma));
  const world =
    NOW.test(text) || WORLD_WORDS.test(text) || WEATHER.test(text) || (proper && (event || WH_START.test(text)));
  return world ? { kind: 'world', topic: questionTopic(text) } : null;
}
