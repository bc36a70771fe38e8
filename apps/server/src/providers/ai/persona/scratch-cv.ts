import { loadExamples, splitExamples, trainIntentClassifier, DEFAULT_TRAINING, type LabelledExample } from './intent-classifier';
import { normalizeText, wordsOf } from './text-features';
const { train, heldOut } = splitExamples(loadExamples());
function cv(opts: any) {
  let c = 0, n = 0;
  for (let f = 0; f < 5; f++) {
    const tr: LabelledExample[] = [], te: LabelledExample[] = [];
    train.forEach((e, i) => ((i % 5 === f) ? te : tr).push(e));
    const m = trainIntentClassifier(tr, { ...DEFAULT_TRAINING, ...opts });
    for (const e of te) { n++; if (m.predict(e.text).intent === e.intent) c++; }
  }
  return c / n;
}
function mk(o: {uni?: boolean, bi?: boolean, cmin?: number, cmax?: number, cross?: boolean}) {
  return (text: string) => {
    const words = wordsOf(normalizeText(text)); const out = new Set<string>();
    words.forEach((w, i) => {
      if (o.uni) out.add('w:' + w);
      if (o.bi && i + 1 < words.length) out.add('b:' + w + '_' + words[i + 1]);
      if (o.cmax) { const p = ' ' + w + ' '; for (let n = o.cmin!; n <= o.cmax; n++) for (let j = 0; j + n <= p.length; j++) out.add('c:' + p.slice(j, j + n)); }
    });
    if (o.cross && o.cmax) { const p = ' ' + words.join(' ') + ' '; for (let n = 3; n <= 4; n++) for (let j = 0; j + n <= p.length; j++) out.add('x:' + p.slice(j, j + n)); }
    if (words.length <= 2) out.add('len:short');
    return [...out];
  };
}
const cfgs: any = {
  default: {},
  words: { features: mk({uni: true, bi: true}) },
  uni_c35: { features: mk({uni: true, cmin: 3, cmax: 5}) },
  all_c24: { features: mk({uni: true, bi: true, cmin: 2, cmax: 4}) },
  all_c36: { features: mk({uni: true, bi: true, cmin: 3, cmax: 6}) },
  all_c35_len: { features: mk({uni: true, bi: true, cmin: 3, cmax: 5}) },
  cross: { features: mk({uni: true, bi: true, cmin: 3, cmax: 5, cross: true}) },
};
for (const [k, o] of Object.entries(cfgs)) console.log(k, cv(o).toFixed(3));
