/**
 * Hopes that did not come about: a good thing as the subject of a verb of happening under a
 * negation ("the scholarship didn't happen", "the pay rise never came", "the deal didn't go
 * through"). The negation sits on the verb, after the word the lexicon scores as good, so it would
 * not reach it; here the good word is read as denied ("no scholarship") for the lexicon.
 */
import { parse, type Token } from './parse';
import { escapeRegExp } from './text-features';

/** Verbs of happening or arriving (lemmas). */
const COMING_ABOUT = new Set([
  'happen',
  'come',
  'work',
  'go',
  'materialise',
  'materialize',
  'pan',
  'arrive',
  'land',
  'turn',
  'show',
]);

/** Words that may stand between the subject and its verb ("… just didn't", "... never"). */
function between(t: Token): boolean {
  return t.pos === 'PUNCT' || t.pos === 'AUX' || t.pos === 'PART' || t.pos === 'ADV';
}

/**
 * `text` with each good noun (scored above 0 by `valence`) whose verb of happening is negated
 * marked as denied ("the scholarship didn't happen" → "the no scholarship didn't happen").
 */
export function withDeniedHopes(text: string, valence: (word: string) => number): string {
  let out = text;
  for (const s of parse(text.slice(0, 1000)).sentences) {
    const t = s.tokens;
    t.forEach((w, i) => {
      if (w.pos !== 'NOUN' || valence(w.lower) <= 0) return;
      let j = i + 1;
      while (j < t.length && j <= i + 5 && between(t[j] as Token)) j++;
      const verb = t[j];
      const denied = t.slice(i + 1, j).some((x) => /^(?:not|n't|nt|never)$/.test(x.lower)) || verb?.negated;
      if (verb?.pos === 'VERB' && COMING_ABOUT.has(verb.lemma) && denied) {
        out = out.replace(new RegExp(`\\b${escapeRegExp(w.text)}\\b`), `no ${w.text}`);
      }
    });
  }
  return out;
}
