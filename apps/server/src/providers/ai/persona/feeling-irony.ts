/**
 * Mock praise: a word of praise said of a setback ("oh brilliant, the boiler's gone again",
 * "Perfect. Just perfect. My train's cancelled.", "yay, another flat tyre 🙃"). The lexicon reads
 * the praise words as good news; the rest of the message tells what happened. Praise counts as
 * irony only where it carries nothing but itself — an exclamation with no verb and no noun of its
 * own ("Great.", "just wonderful", "oh fantastic", "wonderful news"), praise opening a clause
 * before what happened ("yay another monday …"), or an idiom of mock praise (data below) — and
 * only when what is left, read without it, is bad news. "Great news, I got the job!" keeps its
 * praise: what is left is good news.
 */
import { parse, type Token } from './parse';

/**
 * Faces that say the words around them are not meant: the upside-down face, the rolled eyes, the
 * unamused face. Praise beside one is mock praise, whatever the praise is of (even "very happy 🙃").
 */
const IRONY_FACE = /🙃|🙄|😒/u;

/**
 * Idioms said of bad luck, not good (data): "love that for me", "living the dream", "perfect
 * timing", "cool" said three times, "truly the week I had hoped for", 🙃.
 */
const MOCK_PRAISE =
  /\b(?:love|loving) that for me\b|\bliving the dream\b|\b(?:just|exactly) (?:what|how) i (?:needed|wanted|had in mind)\b|\bjust my luck\b|\bstory of my life\b|\b(?:perfect|great|brilliant|impeccable|fantastic) timing\b|\bcool,? cool,? cool\b|\b(?:(?:truly|just|exactly|really|precisely)\s+)?(?:the|what a) (?:week|day|month|year|weekend|start|news|birthday|holiday) i (?:had )?(?:hoped for|needed|wanted|was hoping for|dreamed of)\b|🙃|🙄|😒/giu;

/**
 * A mishap that happened before: "another flat tyre", "flat again", "third time this week", "#12",
 * "that makes twelve". Praise of a thing that keeps going wrong is mock praise even where the
 * lexicon has no word for the thing.
 */
const REPEATED =
  /\b(?:another|again|yet again|once more)\b|\b(?:\d+(?:st|nd|rd|th)?|second|third|fourth|fifth|sixth|tenth|umpteenth|nth) time\b|#\d+|\bthat makes (?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen)\b/i;

/** Words an exclamation of praise may hold beside the praise word ("oh, just great", "what a day"). */
const EXCLAMATION_WORDS = new Set(
  'oh ooh ah just so really simply absolutely totally truly how what a an well yeah wow news that this for me great'.split(
    ' ',
  ),
);

/** Words of being all right, praise when said alone as an exclamation ("totally fine."). */
const ALL_RIGHT = new Set(['fine', 'ok', 'okay', 'alright']);

/** The polarity reading the caller gives for a text (the lexicon's, or the classifier's). */
export interface Reading {
  polarity: 'positive' | 'negative' | 'mixed' | 'neutral';
  score: number;
  best: number;
  worst: number;
}

/** Words of the writer's own state ("so glad …", "happy that …"): said of oneself, not mock praise. */
const OWN_STATE = new Set(
  'glad happy proud excited relieved thrilled grateful thankful delighted pleased chuffed lucky blessed hopeful'.split(
    ' ',
  ),
);

/**
 * A praise word: one the lexicon scores as good, said of the situation as an adjective, adverb or
 * interjection (not a word of the writer's own state).
 */
function praises(t: Token, valence: (word: string) => number): boolean {
  // The tagger reads a capitalised "Great." alone as a proper noun.
  return ['ADJ', 'ADV', 'INTJ', 'PROPN'].includes(t.pos) && valence(t.lower) > 0 && !OWN_STATE.has(t.lower);
}

/**
 * The message with its mock praise taken out, and whether there was any: idioms of mock praise,
 * clauses that are nothing but praise, and praise words opening a clause before other words.
 */
export function withoutPraise(
  message: string,
  valence: (word: string) => number,
): { rest: string; praised: boolean; idiom: boolean; strength: number } {
  let praised = false;
  let idiom = false;
  /** How strong the praise taken out was (an idiom of mock praise counts as strong). */
  let strength = 0;
  const text = message.slice(0, 1000).replace(MOCK_PRAISE, () => {
    praised = true;
    idiom = true;
    strength = Math.max(strength, 2);
    return '. ';
  });
  const kept: string[] = [];
  for (const clause of text.split(/[.!?;,—–]+|\.{2,}|…/)) {
    const tokens = parse(clause).sentences.flatMap((s) => s.tokens);
    const words = tokens.filter((t) => t.pos !== 'PUNCT' && /\p{L}/u.test(t.text));
    if (words.length === 0) continue;
    // A praise word said over and over is an exclamation whatever the tagger makes of it ("nice nice
    // nice" may read as verbs), and so is a word of being all right said alone ("totally fine.").
    const first = words[0] as Token;
    const repeated = words.length > 1 && words.every((t) => t.lower === first.lower) && valence(first.lower) > 0;
    const allRight = (t: Token) => words.length > 1 && ALL_RIGHT.has(t.lower);
    const praise = words.filter((t) => repeated || praises(t, valence) || allRight(t));
    // "Great.", "Just great.", "Wonderful news.", "oh fantastic": an exclamation of praise alone.
    if (praise.length > 0 && words.every((t) => praise.includes(t) || EXCLAMATION_WORDS.has(t.lower))) {
      praised = true;
      const said = repeated ? valence(first.lower) * words.length : Math.max(1, ...praise.map((t) => valence(t.lower)));
      strength = Math.max(strength, said);
      continue;
    }
    // "yay another monday where …": praise opening the clause, before what happened.
    // An interjection first in its clause may be tagged a noun ("yay/NOUN another …").
    // So may a praise word right after an interjection ("Wow super/NOUN nice …").
    const opening = (t: Token, at: number) =>
      praises(t, valence) ||
      ((at === 0 || words[at - 1]?.pos === 'INTJ') &&
        t.pos === 'NOUN' &&
        valence(t.lower) > 0 &&
        !OWN_STATE.has(t.lower));
    let k = 0;
    while (k < words.length && (opening(words[k] as Token, k) || /^(?:oh|ooh|ah|just|so|wow)$/.test(words[k]!.lower)))
      k++;
    // What follows tells what happened: a noun or a verb, not a joined word ("good and bad").
    const told = words.slice(k).some((t) => ['NOUN', 'PROPN', 'VERB'].includes(t.pos)) && words[k]?.pos !== 'CCONJ';
    // "good for my career", "great to see you": praise with its complement is said of a thing, no exclamation.
    const opened =
      k > 0 &&
      words.slice(0, k).some((t, at) => opening(t, at)) &&
      words[k]?.pos !== 'NOUN' &&
      words[k]?.pos !== 'ADP' &&
      words[k]?.pos !== 'PART' &&
      told;
    if (opened && k < words.length && words[k - 1]?.pos !== 'ADV') {
      praised = true;
      strength = Math.max(strength, ...words.slice(0, k).map((t) => valence(t.lower)));
      kept.push(clause.slice(clause.indexOf(words[k]!.text)));
    } else kept.push(clause);
  }
  return {
    rest: kept
      .map((c) => c.trim())
      .filter(Boolean)
      .join('. '),
    praised,
    idiom,
    strength,
  };
}

/**
 * The reading of a message whose praise is mock praise, or null: when the message reads good or
 * mixed, holds praise of the kinds above, and what is left without it reads bad (`read` gives the
 * lexicon's and then the classifier's reading of that rest), the rest's bad reading.
 */
export function ironicReading(
  message: string,
  reading: Reading,
  valence: (word: string) => number,
  read: (text: string) => Reading,
  readWords: (text: string) => Reading = read,
): Reading | null {
  // A neutral reading may hide praise the reader set aside as a reaction ("Oh, wonderful. …").
  if (reading.polarity === 'negative') return null;
  const { rest, praised, idiom, strength } = withoutPraise(message, valence);
  if (!praised) return null;
  const left = rest ? read(rest) : null;
  if (left?.polarity === 'negative') return left;

  // An irony face marks all the praise as mock ("super, very happy 🙃"); so does strong praise of a
  // mishap that happened again, told (not asked: "ok cool, another question") with no good news of
  // its own left.
  // Good news left is good news in words (`readWords`, the lexicon), not a guess from the classifier.
  const again =
    strength >= 2 && REPEATED.test(rest) && !/\?/.test(rest) && rest !== '' && readWords(rest).polarity !== 'positive';
  // "perfect timing, my car died on the way to the wedding": mock praise of news with a good side
  // mocks that side; the setback is the news.
  const mocked =
    IRONY_FACE.test(message) || (idiom && left?.polarity === 'mixed') ? reading.polarity !== 'neutral' : again;
  if (mocked) return { polarity: 'negative', score: -2, best: 0, worst: -2 };
  // "next one is thursday. party is wednesday", then "cool" three times: an idiom of mock praise beside news
  // that reads neither way praises nothing; the news goes on in the tone already set.
  if (idiom && left?.polarity !== 'positive' && left?.polarity !== 'mixed') {
    return { polarity: 'neutral', score: 0, best: 0, worst: 0 };
  }
  return null;
}
