/**
 * The kind of artefact a request frame asks for (`request-frame.ts`): decided by the verb when it
 * makes one kind only, then by "into/as X", then by the object's head noun, then by a later noun
 * or by what a vague object does ("something that renames my photos" is a program), and for the
 * pro-form "one" by the artefact noun said before it (`antecedent`).
 */
import { parse, type Token } from './parse';
import {
  type ArtefactKind,
  AUDIENCE,
  kindOfNoun,
  NOT_MAKING,
  objectAt,
  REFERENCE,
  VAGUE,
  VERB_KIND,
  verbLemma,
} from './request-phrase';

/** The kind a request asks for: verb, then "into/as X", then the head noun, then a later noun. */
export function decide(
  t: readonly Token[],
  verb: string | null,
  object: { start: number; head: Token | null; run: Token[] },
  clauseEnd: number,
  antecedent: ArtefactKind | null = null,
): ArtefactKind | null {
  const verbKind = verb ? VERB_KIND[verb] : undefined;
  if (verbKind === 'art' || verbKind === 'mint' || verbKind === 'post') return verbKind;
  // "turn that one into an nft", "make it into a poster", "as an nft".
  for (let k = object.start; k < clauseEnd - 1; k++) {
    if (/^(?:into|as)$/.test(t[k]!.lower)) {
      const o = objectAt(t, k + 1);
      const kind = o?.run
        .map((w) => kindOfNoun(w.lemma) ?? kindOfNoun(w.lower))
        .filter(Boolean)
        .at(-1);
      if (kind) return kind;
    }
  }
  // "a crane illustration minted on base", "a lantern artwork put on chain": minting said after the object.
  for (let k = object.start + object.run.length; k < clauseEnd; k++) {
    const w = t[k]!;
    if (VERB_KIND[w.lemma] === 'mint' || w.lower === 'onchain' || (w.lower === 'chain' && t[k - 1]?.lower === 'on')) {
      return 'mint';
    }
  }
  const inRun = object.run
    .map((w) => kindOfNoun(w.lemma) ?? kindOfNoun(w.lower))
    .filter((k): k is ArtefactKind => k !== null);
  if (inRun.length) return inRun.at(-1) as ArtefactKind;
  const head = object.head?.lower ?? '';
  const vague = !object.head || VAGUE.has(head) || REFERENCE.has(head);
  if (vague) {
    for (let k = object.run.length ? t.indexOf(object.run.at(-1) as Token) + 1 : object.start; k < t.length; k++) {
      const w = t[k]!;
      if (w.pos !== 'NOUN' && w.pos !== 'PROPN') continue;
      const kind = kindOfNoun(w.lemma) ?? kindOfNoun(w.lower);
      if (kind) return kind;
    }
  }
  if (vague) {
    const last = object.run.at(-1);
    const after = last ? t.indexOf(last) + 1 : object.start;
    let k = after;
    while (t[k]?.pos === 'ADJ' || t[k]?.pos === 'ADV') {
      // "something online so families can find me": a thing on the web is a site.
      if (t[k]!.lower === 'online') return 'site';
      k++;
    }
    // "something that renames my photos": a thing that does something by itself is a program.
    // "if something could merge my invoices": a modal before the verb says the same.
    const named = object.run.find((w) => VAGUE.has(w.lower) || w.pos === 'NOUN');
    const modal = /^(?:could|can|would|will)$/.test(t[after]?.lower ?? '') && named && !REFERENCE.has(named.lower);
    const doer = /^(?:that|which)$/.test(t[after]?.lower ?? '') || modal ? t[after + 1] : undefined;
    // Read again with "it" as the subject, as the tagger misreads "that backs up …" ("backs/NOUN").
    const again =
      doer &&
      parse(
        `it ${t
          .slice(after + 1, after + 5)
          .map((w) => w.text)
          .join(' ')}`,
      ).sentences[0]?.tokens[1];
    const does = doer && (doer.pos === 'VERB' ? doer.lemma : again?.pos === 'VERB' ? again.lemma : null);
    if (does && !/^(?:be|look|seem|feel|sound|show|say|make)$/.test(does)) return 'code';
    // "something to track my gym sessions": a thing for a job with an object is a program (one whose
    // verb makes one kind is that kind: "something to post on farcaster"); "something to eat" is not.
    const purpose = t[after]?.lower === 'to' ? t[after + 1] : undefined;
    const job = purpose && (purpose.pos === 'VERB' ? purpose.lemma : verbLemma(purpose.text));
    const hasObject = ['DET', 'NOUN', 'PROPN'].includes(t[after + 2]?.pos ?? '') || t[after + 2]?.lower === 'my';
    if (job && VERB_KIND[job]) return VERB_KIND[job] as ArtefactKind;
    if (job && hasObject && !NOT_MAKING.has(job) && !/^(?:eat|drink|wear|read|watch|do|make)$/.test(job)) return 'code';
  }
  if (verbKind) return verbKind;
  // "we have no web page. would you build one?", "a real one": "one" stands for a noun said before.
  const proForm = object.run.some(
    (w, k) => w.lower === 'one' && (k === 0 || /^(?:ADJ|DET)$/.test(object.run[k - 1]!.pos)),
  );
  if (proForm && antecedent) return antecedent;
  if (verb === 'tell' && AUDIENCE.has(object.head?.lower ?? object.run[0]?.lower ?? '')) return 'post';
  return null;
}
