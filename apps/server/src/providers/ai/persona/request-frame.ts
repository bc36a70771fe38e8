/**
 * Where a message asks for something, read from its parse (wink-nlp parts of speech and lemmas),
 * and what kind of thing it asks for, decided by the object's head noun.
 *
 * A request is a frame around a verb and its object noun phrase:
 * - imperative: a clause opening with a verb ("knock together a portfolio …"). Sentence-initial
 *   words are often mis-tagged ("sketch/NOUN me a heron"), so the clause is read again as
 *   "you should <clause>", which gives the tagger the subject an imperative leaves out;
 * - addressed modal: "could you / any chance you could / would you mind / I want you to" + verb;
 * - desire: "I/we" + a verb of wanting ("need", "could use", "'d love", "am hoping for", "am
 *   after", "could do with", "fancy") + object, or "how about" + object;
 * - a bare object: a noun phrase alone ("a caption for this photo, please", "rather a poster")
 *   or followed by "would …" ("a function that converts X would help").
 * A verb of wanting or helping chains to the verb it governs ("got time to whip up a banner",
 * "fancy writing a thread", "it'd be great to have a landing page").
 *
 * The kind comes from the object's head noun through {@link NOUN_KIND}; a verb that can only make
 * one kind (draw, mint, post) decides by itself; a vague object ("something that …", "one") takes
 * the first kind-bearing noun later in the clause ("…, maybe a little script"); "turn it into an
 * nft" takes the noun after "into/as". A frame whose object names no kind is no task request.
 */
import { parse, type Token } from './parse';
import { decide } from './request-kind';
import {
  ACQUIRE,
  type ArtefactKind,
  CHAIN,
  CONDITIONAL,
  clauseStarts,
  DESIRE,
  kindOfNoun,
  NOT_MAKING,
  objectAt,
  PLATFORM,
  REFERENCE,
  skipDiscourse,
  span,
  VAGUE,
  VERB_KIND,
  verbLemma,
} from './request-phrase';

export { type ArtefactKind, kindOfNoun, NOUN_KIND } from './request-phrase';

/** A request found in a message. */
export interface ParsedRequest {
  kind: ArtefactKind;
  /** How it was asked. */
  frame: 'imperative' | 'addressed' | 'desire' | 'bare';
  /** The verb asked for (lemma), or null for a bare object. */
  verb: string | null;
  /** The head noun of the object (lemma), or null. */
  head: string | null;
  /** The object phrase to the end of its clause ("a poster for our jazz night at the Blue Lamp"). */
  object: string;
  /** The object noun phrase alone, without what follows its head ("a jellyfish lantern artwork"). */
  phrase: string;
  /** The request from its first word to the end of its sentence. */
  clause: string;
  /** The object points back ("it", "that one") rather than naming something. */
  reference: boolean;
  /** The object is indefinite ("a logo"): something new, not an earlier draft. */
  indefinite: boolean;
}

/**
 * The verb (index) a chaining verb passes the request to, or -1: "time to whip up", "help me
 * build", "fancy writing", "mind posting", "a chance to draw".
 */
function chained(t: readonly Token[], v: number): number {
  let j = v + 1;
  // "got time to …", "got a minute to …", "a chance to …".
  if (t[j]?.pos === 'NOUN' && t[j + 1]?.lower === 'to') j++;
  else if (t[j]?.lower === 'a' && t[j + 1]?.pos === 'NOUN' && t[j + 2]?.lower === 'to') j += 2;
  const pronoun = /^(?:me|us|you|u)$/.test(t[j]?.lower ?? '');
  if (pronoun) j++;
  const w = t[j];
  if (!w) return -1;
  const verbish = w.pos === 'VERB' || verbLemma(w.text) !== null;
  if (w.lower === 'to') {
    const x = t[j + 1];
    return x && (x.pos === 'VERB' || verbLemma(x.text)) && x.lower !== 'be' ? j + 1 : -1;
  }
  // "fancy writing a thread", "mind posting that": a gerund; "help me build": a bare verb after the pronoun.
  if (/ing$/.test(w.lower) && verbish) return j;
  if (t[v]!.lemma === 'help' && verbish) return j;
  return -1;
}

/**
 * The task requests in a message, read from its parse, in order (several acts may share a
 * message: "we open Friday! could you draw a poster?" has one request). Only frames whose object
 * names a kind (or whose verb makes one kind only) count. Bounded to the first 600 characters.
 */
export function parseRequests(message: string): ParsedRequest[] {
  const text = (typeof message === 'string' ? message : '').slice(0, 600);
  const out: ParsedRequest[] = [];
  // The kind of the last artefact noun read so far: what a later "one" stands for.
  let antecedent: ArtefactKind | null = null;
  for (const s of parse(text).sentences) {
    const t = s.tokens;
    const starts = clauseStarts(t);
    starts.forEach((cs, ci) => {
      const end = starts[ci + 1] ?? t.length;
      const found = frameIn(t, cs, end, s.text, antecedent);
      if (found && !out.some((r) => r.clause === found.clause && r.kind === found.kind)) out.push(found);
      antecedent = lastKindNoun(t.slice(cs, end)) ?? antecedent;
    });
  }
  // A platform named anywhere ("… on farcaster") makes a vague writing request a post.
  if (out.length === 0 && PLATFORM.test(text)) {
    for (const s of parse(text).sentences) {
      const t = s.tokens;
      const i = skipDiscourse(t, 0);
      const v = t[i] && (t[i]!.pos === 'VERB' ? t[i]!.lemma : verbLemma(t[i]!.text));
      if (v && !NOT_MAKING.has(v)) {
        out.push({
          kind: 'post',
          frame: 'imperative',
          verb: v,
          head: null,
          object: span(s.text, t, Math.min(i + 1, t.length - 1)),
          phrase: '',
          clause: span(s.text, t, i),
          reference: false,
          indefinite: false,
        });
        break;
      }
    }
  }
  return out;
}

/** The kind of the last noun among `tokens` that names an artefact ("a web page" → site), or null. */
function lastKindNoun(tokens: readonly Token[]): ArtefactKind | null {
  for (let k = tokens.length - 1; k >= 0; k--) {
    const w = tokens[k]!;
    const kind = w.pos === 'NOUN' ? (kindOfNoun(w.lemma) ?? kindOfNoun(w.lower)) : null;
    if (kind) return kind;
  }
  return null;
}

/** The noun phrase from its first word to its last run word, as written. */
function phraseOf(sentence: string, t: readonly Token[], from: number, run: readonly Token[]): string {
  const whole = span(sentence, t, from);
  const last = run.at(-1);
  if (!last) return '';
  const at = whole.indexOf(last.text);
  return at >= 0 ? whole.slice(0, at + last.text.length) : '';
}

/** The request frame in the clause t[from..end), or null. */
function frameIn(
  t: readonly Token[],
  from: number,
  end: number,
  sentence: string,
  antecedent: ArtefactKind | null,
): ParsedRequest | null {
  const i = skipDiscourse(t, from);
  if (i >= end) return null;
  const make = (frame: ParsedRequest['frame'], v: number | null, objAt: number): ParsedRequest | null => {
    let verbIndex = v;
    let verb = v === null ? null : ((t[v]!.pos === 'VERB' ? t[v]!.lemma : verbLemma(t[v]!.text)) ?? t[v]!.lower);
    if (verbIndex !== null && verb && CHAIN.has(verb)) {
      const c = chained(t, verbIndex);
      if (c >= 0) {
        verbIndex = c;
        verb = (t[c]!.pos === 'VERB' ? t[c]!.lemma : verbLemma(t[c]!.text)) ?? t[c]!.lower;
        objAt = c + 1;
      }
    }
    // "to have / get a landing page", "love to see a koala astronaut": the object is what is asked for.
    if (verb && ACQUIRE.has(verb)) verb = null;
    // "I want to see whether you remember", "let's see if it works": finding out, not a picture.
    if (verb === 'see' && /^(?:whether|if)$/.test(t[objAt]?.lower ?? '')) return null;
    if (verb === 'see' && frame === 'desire') verb = 'visualise';
    if (verb && NOT_MAKING.has(verb) && !(frame === 'desire' && DESIRE.has(verb))) return null;
    if (verbIndex !== null && t[verbIndex]!.negated) return null;
    // "post that our bakery now does vegan croissants": a that-clause is what to say.
    const object =
      objectAt(t, objAt) ??
      (verb && VERB_KIND[verb] && objAt < end ? { start: objAt, head: null, run: [] as Token[] } : null);
    if (!object) return null;
    const kind = decide(t, verb && DESIRE.has(verb) && frame === 'desire' ? null : verb, object, end, antecedent);
    if (!kind) return null;
    const first = t[object.start];
    return {
      kind,
      frame,
      verb: verb && DESIRE.has(verb) && frame === 'desire' ? null : verb,
      head: object.head?.lemma ?? null,
      object: span(sentence, t, object.start),
      phrase: phraseOf(sentence, t, object.start, object.run),
      clause: span(sentence, t, frame === 'bare' ? object.start : i),
      reference: Boolean(
        first &&
          REFERENCE.has(first.lower) &&
          (!t[object.start + 1] ||
            ['PUNCT', 'ADP'].includes(t[object.start + 1]!.pos) ||
            /^(?:one|as|into|for|on|please|pls)$/.test(t[object.start + 1]!.lower)),
      ),
      indefinite: Boolean(first && /^(?:a|an|some|another)$/.test(first.lower)),
    };
  };

  // Addressed: "could you …", "any chance you could …", "would you mind …ing", "I want you to …".
  for (let k = i; k < Math.min(end, i + 8); k++) {
    const before = t.slice(Math.max(i, k - 3), k).map((w) => w.lower);
    // "can we turn that one into an nft?", "could I get a site": a modal question about doing it together.
    const jointly = /^(?:we|i)$/.test(t[k]!.lower) && /^(?:can|could|may|shall)$/.test(before.at(-1) ?? '');
    if (!/^(?:you|u|ya)$/.test(t[k]!.lower) && !jointly) continue;
    const after = t[k + 1]?.lower ?? '';
    const addressed =
      before.some((w) => /^(?:can|could|would|will|might|chance|possible|for|about|want|need|like|love|'d)$/.test(w)) ||
      /^(?:could|can|should|might|would)$/.test(after) ||
      jointly;
    if (!addressed || /^(?:do|did|are|were|have|has)$/.test(before.at(-1) ?? '')) continue;
    let v = k + 1;
    while (
      v < end &&
      (/^(?:can|could|would|will|should|might|may|'d|be|been|to)$/.test(t[v]!.lower) ||
        /^(?:please|pls|maybe|possibly|just|kindly|quickly|perhaps|be|able|mind|think|you|u|to|also|actually)$/.test(
          t[v]!.lower,
        ))
    )
      v++;
    if (v < end && (t[v]!.pos === 'VERB' || verbLemma(t[v]!.text))) return make('addressed', v, v + 1);
    return null;
  }
  const first = t[i]!;
  // "let's do a poster", "let me have a site".
  if (first.lemma === 'let' && /^(?:'s|’s|us|me)$/.test(t[i + 1]?.lower ?? '')) {
    const v = i + 2;
    if (v < end) return make('imperative', v, v + 1);
  }
  // "what I really want is a cover for my podcast": the object of the wish follows "is".
  if (/^(?:what|all)$/.test(first.lower) && /^(?:i|we|i'd|we'd)$/.test(t[i + 1]?.lower ?? '')) {
    for (let k = i + 2; k < Math.min(end, i + 9); k++) {
      if (t[k]!.lower === 'is' && t.slice(i + 2, k).some((w) => DESIRE.has(w.lemma)))
        return make('desire', null, k + 1);
    }
    return null;
  }
  // "could do with a little python thing …", "would love a banner": a wish with its subject dropped.
  const dropped =
    /^(?:could|would|'d)$/.test(first.lower) && /^(?:do|use|love|like|really)$/.test(t[i + 1]?.lower ?? '');
  // Desire: "I need …", "we could use …", "I'm hoping for …", "we could do with …", "I'm after …".
  if (/^(?:i|we|i'm|im)$/.test(first.lower) || dropped) {
    let v = dropped ? i : i + 1;
    while (
      v < end &&
      (t[v]!.pos === 'AUX' ||
        // "we badly need", "I urgently want": an adverb of degree or time between subject and verb.
        (t[v]!.pos === 'ADV' && /ly$/.test(t[v]!.lower)) ||
        /^(?:really|so|just|also|actually|still|definitely|seriously|desperately|honestly|kinda|kind|of|'m|am|are|'re)$/.test(
          t[v]!.lower,
        ))
    ) {
      if (t[v]!.lower === 'do' && t[v + 1]?.lower === 'with') break;
      if (/^(?:have|has)$/.test(t[v]!.lower) && t[v + 1]?.lower === 'to') break;
      v++;
    }
    const w = t[v];
    if (!w) return null;
    if (w.lower === 'after' || (w.lower === 'do' && t[v + 1]?.lower === 'with')) {
      return make('desire', null, v + (w.lower === 'do' ? 2 : 1));
    }
    const lemma = /^(?:have|has)$/.test(w.lower) ? 'have' : w.pos === 'VERB' ? w.lemma : verbLemma(w.text);
    // "I should prefer / should like …": the older English conditional of wishing.
    const conditional = t
      .slice(dropped ? i : i + 1, v)
      .some(
        (x) =>
          /^(?:'d|would|could|might|’d)$/.test(x.lower) ||
          (x.lower === 'should' && /^(?:prefer|like|love)$/.test(w.lower)),
      );
    // "I'm looking for a homepage": looking for is wanting.
    const looking = lemma === 'look' && t[v + 1]?.lower === 'for';
    // "we have to announce that …": an obligation the avatar is asked to help with.
    const obliged = /^(?:have|has)$/.test(w.lower) && t[v + 1]?.lower === 'to';
    if (lemma && (DESIRE.has(lemma) || looking || obliged) && (conditional || !CONDITIONAL.has(lemma))) {
      let o = v + 1;
      if (/^(?:for|of|from)$/.test(t[o]?.lower ?? '')) o++;
      // "I'd love you to paint …", "we need to get a site up": the governed verb asks.
      if (/^(?:you|u|to)$/.test(t[o]?.lower ?? '')) {
        const c = chained(t, v);
        if (c < 0) return null;
        const inner = (t[c]!.pos === 'VERB' ? t[c]!.lemma : verbLemma(t[c]!.text)) ?? '';
        // "I need to post more often" is about oneself; "I'd love to have / see …" asks.
        // "we need to announce that the ferry changes": a verb that makes one kind, with what to say, asks too.
        const saying = VERB_KIND[inner] && /^(?:that|the|a|an|our|my)$/.test(t[c + 1]?.lower ?? '');
        if (t[o]!.lower === 'to' && !/^(?:have|get|see|own)$/.test(inner) && !saying) return null;
        return make('desire', c, c + 1);
      }
      return make('desire', looking ? null : v, o);
    }
    return null;
  }
  // "our book club needs a python script …", "my shop could really use a site", "the van could
  // use a site": a wish whose subject is a noun phrase (something of the writer's, or one named by
  // a determiner), its verb one of wanting.
  const possessive = /^(?:my|our|his|her|their)$/.test(first.lower);
  if (possessive || (first.pos === 'DET' && /^(?:the|this|that)$/.test(first.lower))) {
    let k = i + 1;
    while (k < Math.min(end, i + 6) && /^(?:NOUN|PROPN|ADJ|PART|PUNCT)$/.test(t[k]!.pos) && t[k]!.lower !== ',') k++;
    const subjectEnd = k;
    while (k < end && /^(?:could|would|really|just|also|badly|desperately|definitely|do|with)$/.test(t[k]!.lower)) k++;
    const w = t[k];
    // "could use", "would love": a verb of liking wishes only in the conditional.
    const conditional = t.slice(subjectEnd, k).some((x) => /^(?:could|would)$/.test(x.lower));
    // "could do with a …": the wish's object follows "with".
    if (k > subjectEnd && conditional && t[k - 1]!.lower === 'with' && t[k - 2]?.lower === 'do') {
      return make('desire', null, k);
    }
    // After a modal the word is a verb, whatever the tagger read ("would welcome/ADJ a …").
    const lemma = w && (w.pos === 'VERB' ? w.lemma : conditional ? verbLemma(w.text) : null);
    if (k > i + 1 && lemma && DESIRE.has(lemma) && (conditional || !CONDITIONAL.has(lemma))) {
      return make('desire', k, k + 1);
    }
    if (possessive) return null;
  }
  // "any chance of a thread on …": the chance of something is a wish for it.
  if (first.lower === 'any' && t[i + 1]?.lower === 'chance' && /^(?:of|for)$/.test(t[i + 2]?.lower ?? '')) {
    return make('desire', null, i + 3);
  }
  // "how about a poster …", "what about a logo …" (a definite object resumes a draft instead).
  if (/^(?:how|what)$/.test(first.lower) && t[i + 1]?.lower === 'about') return make('desire', null, i + 2);
  // "fancy writing a thread", "care to draw …", "got time to whip up …": chain from the opener.
  if (/^(?:fancy|care|got)$/.test(first.lower)) {
    const c = chained(t, i);
    if (c >= 0) return make('imperative', c, c + 1);
  }
  // "it'd be great to have a landing page …", "would be lovely to get a site": the verb after "to".
  if (/^(?:it|that|it'd|itd)$/.test(first.lower) || (/^(?:would|'d)$/.test(first.lower) && t[i + 1]?.lower === 'be')) {
    for (let k = i + 1; k < Math.min(end, i + 8); k++) {
      if (t[k]!.lower === 'to' && t[k + 1] && (t[k + 1]!.pos === 'VERB' || verbLemma(t[k + 1]!.text))) {
        return make('desire', k + 1, k + 2);
      }
      // "it'd save me hours if something could merge …", "it would help if a bot reminded …": the
      // thing wished for is the subject of the condition.
      if (t[k]!.lower === 'if' && /^(?:something|anything|a|an|some)$/.test(t[k + 1]?.lower ?? '')) {
        return make('desire', null, k + 1);
      }
    }
    return null;
  }
  // A bare object: "a caption for this photo, please", "a function that … would help".
  // "something short for farcaster about …": a vague pronoun with what it is for.
  // "all people post only happy things": a quantified noun phrase ("all", "every", "most") names
  // things that exist already, the subject of a statement, never something wished for.
  if (
    (first.pos === 'DET' && !/^(?:all|every|each|most|many|no|both|neither|either)$/.test(first.lower)) ||
    /^(?:some|another)$/.test(first.lower) ||
    (VAGUE.has(first.lower) && first.pos === 'PRON') ||
    // "nft of a coffee cup floating in space": an artefact noun without its article, with what it shows.
    (first.pos === 'NOUN' &&
      kindOfNoun(first.lower) !== null &&
      /^(?:of|for|about|showing)$/.test(t[i + 1]?.lower ?? ''))
  ) {
    const o = objectAt(t, i);
    if (!o) return null;
    const afterRun = t.indexOf(o.run.at(-1) ?? first) + 1;
    const rest = t.slice(afterRun, end);
    const finite = rest.find((w) => w.pos === 'AUX' || (w.pos === 'VERB' && !/ing$/.test(w.lower)));
    let next = afterRun;
    while (t[next]?.pos === 'ADJ') next++;
    const wished =
      !finite ||
      rest.some((w, k) => /^(?:would|'d|could)$/.test(w.lower) && rest.slice(0, k).every((x) => x.lower !== 'i')) ||
      /^(?:that|which|for|of|with|to|about|showing|in)$/.test(t[next]?.lower ?? '');
    // "a website is a must", "a friend of mine turned her drawings into nfts": a noun phrase that is
    // the subject of a statement (a verb in the past, not in a relative clause) asks nothing.
    const told =
      finite?.pos === 'VERB' &&
      finite.lemma !== finite.lower &&
      !/(?:ing|s)$/.test(finite.lower) &&
      !/^(?:that|which|who)$/.test(rest[rest.indexOf(finite) - 1]?.lower ?? '');
    if (!wished || told || rest.some((w) => /^(?:is|are|was|were|'s)$/.test(w.lower) && w.pos === 'AUX')) return null;
    return make('bare', null, i);
  }
  // Imperative: the clause opens with a verb (read with the subject an imperative leaves out), in
  // its base form ("finished my website last night" tells what was done).
  if (!['PRON', 'DET', 'ADP', 'AUX', 'PUNCT'].includes(first.pos) && verbLemma(first.text) === first.lower) {
    return make('imperative', i, i + 1);
  }
  return null;
}
