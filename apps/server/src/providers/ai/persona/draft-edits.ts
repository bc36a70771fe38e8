/**
 * Changes to the piece just asked for, said on their own: a comparison ("shorter please", "n a bit
 * more teal", "way moodier"), a look or style for a picture ("watercolour style, like an old
 * postcard", "muted colours if you can"), a part added to a site or post ("add a booking page"), or
 * a longer "could you make it …" ("could you make it a little warmer, like late afternoon light?").
 * The task and its subject stay; the change is added to the draft's words. Only when a task is open
 * (the previous turns asked for a picture, site, program or post) and the message names no new
 * artefact of its own.
 */
import type { DialogueAct } from './intent-classifier';
import { parse } from './parse';

/** What the previous turns left open (a part of `FollowUpContext` in context.ts). */
export interface OpenDraft {
  lastTopic: string | null;
  lastRequest: string | null;
  lastArtPrompt: string | null;
  /** The intent of the previous user turn. */
  lastIntent?: string | null;
}

/** A change to the open draft, rewritten as the request it stands for. */
export interface DraftEdit {
  message: string;
  act: DialogueAct;
  edit: true;
}

/** Words that open a change without being part of it ("n", "and", "ok", a word of approval). */
const OPENER =
  /^(?:n|and|also|oh|ok|okay|k|now|but|hmm|actually|then|plus|so|yes|yeah|ya|yep|great|nice|perfect|lovely|splendid|cool|good|brilliant|wonderful|fab|ace|hm+|right|alright|please|pls|plz|maybe|perhaps)$/;
/** Politeness, laughter and hedges that close a change ("…, if you can manage it", "lol"). */
const TAIL =
  /(?:[\s,;.!]+(?:please|pls|plz|thanks|thank you|ty|thx|lol|lmao|haha+|ngl|tbh|if (?:you|u) (?:can|could)(?: manage(?: it| that)?| do (?:it|that))?|if possible|if thats? (?:ok|okay|possible)|for me|x+))+\s*$/i;
/** Words that make a change a new task ("make it a website", "turn it into an nft"). */
const NEW_ARTEFACT =
  /\b(?:web ?site|site|webpage|post|cast|tweet|thread|nft|token|app|script|program|bot|game|mint)\b/i;
/** Words that grade a change ("a bit", "rather", "way", "even"). */
const DEGREE =
  /^(?:a|bit|abit|little|lil|lot|tad|touch|rather|much|way|even|slightly|somewhat|far|bit|quite|super|really|very|tiny|just|bit|little|and|n|&|plus|with|lots|of)$/;
/** The head nouns of a picture's look ("colours", "style", "lighting"). */
const LOOK_NOUN =
  /\b(?:colou?rs?|tones?|shades?|palette|lighting|light|style|vibes?|aesthetic|look|feel|textures?|brush ?strokes?|shading|background|sky|mood)\b/i;
/** A named style of picture ("pixel", "8-bit", "watercolour", "anime", "children's book"). */
const STYLE_WORD =
  /\b(?:pixel(?:ated)?|\d+-?bit|retro|vintage|watercolou?r|oil|pastel|neon|noir|anime|manga|cartoon(?:y)?|comic|sketchy|pencil|ink|minimal(?:ist)?|gothic|storybook|picture ?book|children'?s ?book|kids'? ?(?:book|picture book)|gameboy|synthwave|vaporwave|cyberpunk|art deco|impressionist|ukiyo-?e|low-?poly|isometric|claymation|cel-shaded)\b/i;

/** Asking the avatar what to do ("what would you suggest?", "any ideas?", "what do you recommend?"). */
const ASKS_SUGGESTION =
  /^(?:so|ok|okay|well|hmm|right|and)?[\s,]*(?:what (?:would|do|can|could) (?:you|u) (?:suggest|recommend|advise|propose)|what should (?:i|we) do|any (?:ideas|suggestions)|what do (?:you|u) think (?:i|we) should do|(?:got )?any advice)\b[^.!]{0,20}\??$/i;

/** The message without openers, tails and closing punctuation, as written (hyphens kept). */
function core(message: string): string {
  let text = message
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?!.\s]+$/, '');
  for (let i = 0; i < 4; i++) {
    text = text.replace(TAIL, '').replace(/[?!.,\s]+$/, '');
    const first = /^([\p{L}]+)[\s,.!;:]+/u.exec(text);
    if (first && OPENER.test(first[1]!.toLowerCase()) && text.length > first[0].length)
      text = text.slice(first[0].length);
  }
  return text.trim();
}

/** True when every word grades or names a comparison, and at least one compares ("rather shorter"). */
function comparisonOnly(text: string): boolean {
  const words = parse(text).sentences.flatMap((s) => s.tokens.filter((t) => t.pos !== 'PUNCT'));
  if (words.length === 0 || words.length > 6) return false;
  let compared = false;
  for (const [k, w] of words.entries()) {
    const comparative =
      (['ADJ', 'ADV'].includes(w.pos) && /[a-z]{2,}er$/.test(w.lower) && w.lemma !== w.lower) ||
      /^(?:shorter|longer|darker|brighter|lighter|bigger|smaller|simpler|bolder|softer|warmer|cooler)$/.test(w.lower);
    // "much better", "even worse": a judgement of what was made, not a change asked for.
    if (/^(?:better|worse|later|sooner|rather|either|whether|ever|never|over|other)$/.test(w.lower)) {
      if (w.lower !== 'rather') return false;
    } else if (comparative) compared = true;
    else if (/^(?:more|less|fewer)$/.test(w.lower) && words[k + 1]) compared = true;
    else if (DEGREE.test(w.lower)) continue;
    // "more purple", "less busy": the word after more/less is what there is more or less of.
    else if (!/^(?:more|less|fewer)$/.test(words[k - 1]?.lower ?? '') || w.pos === 'VERB') return false;
  }
  return compared;
}

/** True for a picture's look or style said alone ("8-bit style, like an old console", "soft colours"). */
function lookOnly(text: string): boolean {
  const words = text.split(/\s+/);
  if (words.length > 12 || NEW_ARTEFACT.test(text)) return false;
  // "draw a heron in pixel style" names a new picture: a verb of making with its own object.
  if (/\b(?:draw|paint|sketch|make|do|create|render)\s+(?:me\s+|us\s+)?(?:a|an|some|one)\b/i.test(text)) return false;
  const head = text.split(/[,;—–]|\s+like\s+/)[0]!;
  return (
    (STYLE_WORD.test(head) && head.split(/\s+/).length <= 5) || (LOOK_NOUN.test(head) && head.split(/\s+/).length <= 4)
  );
}

/** "make it …", "could you make it …": the change asked for, or null. */
function madeInto(text: string): string | null {
  const m =
    /^(?:(?:can|could|would|will) (?:you|u) (?:please |pls |maybe |just )?)?(?:make|turn|change) (?:it|that|this|the (?:art|image|piece|picture|painting|drawing|post|cast|site|page|colou?rs?))\s+(.+)$/i.exec(
      text,
    );
  if (!m?.[1] || NEW_ARTEFACT.test(m[1]) || /^(?:into|in to|as)\b/i.test(m[1])) return null;
  return m[1];
}

/**
 * The request an edit of the open draft stands for ("<the picture>, darker, like a storm coming"),
 * or null when the message is no such edit or no task is open.
 */
export function draftEdit(message: string, open: OpenDraft): DraftEdit | null {
  const topic = open.lastTopic;
  const art = (topic === 'make_art' || topic === 'mint_nft') && open.lastArtPrompt;
  const written = (topic === 'build_website' || topic === 'social_post') && open.lastRequest;
  if (!art && !written) return null;
  if (message.length > 200) return null;
  // "what would you suggest?" right after a site was suggested for a need told: that site.
  if (ASKS_SUGGESTION.test(message.trim()) && open.lastIntent === topic) {
    if (art) return { message: `draw ${open.lastArtPrompt}`, act: 'make_art', edit: true };
    return { message: open.lastRequest!, act: topic as DialogueAct, edit: true };
  }
  const text = core(message);
  if (!text || text.split(/\s+/).length > 20) return null;
  let change = madeInto(text);
  if (!change && comparisonOnly(text)) change = text;
  if (!change && art && lookOnly(text)) change = text;
  // "add a booking page", "could you add a section with prices": a part of the site or post.
  const added = /^(?:(?:can|could|would) (?:you|u) (?:please |pls |also |just )*)?(?:also |and )?add (.+)$/i.exec(text);
  if (!change && added?.[1] && written && !/\b(?:post|cast|tweet|nft|mint)\b/i.test(added[1])) {
    change = `with ${added[1]}`;
  }
  if (!change || (text.includes('?') && !madeInto(text))) return null;
  change = change.replace(/^(?:rather|a tad|somewhat)\s+/i, '').trim();
  if (art) return { message: `draw ${open.lastArtPrompt}, ${change}`, act: 'make_art', edit: true };
  return {
    message: `${open.lastRequest!.replace(/[.!?\s]+$/, '')}, ${change}`.slice(0, 500),
    act: topic as DialogueAct,
    edit: true,
  };
}
