/**
 * What a picture or mint request asks for: the piece it names (the whole object of "mint me …",
 * "make NFT: …", "an NFT of that whale …"), or, when it only points back ("turn that into art")
 * and no picture was made yet, what the user told just before.
 */
import { extractImagePrompt, type ImagePromptExtraction, swapPronouns } from './extract';
import { parseRequests } from './request-frame';
import { type BriefState, beforeSecondAsk } from './task-brief';
import { withArtConstraints } from './task-unsaid';

/** A picture or token "of this / that …" and the words after the demonstrative. */
const DEMONSTRATIVE_OBJECT =
  /\b(?:nfts?|tokens?|art|artwork|picture|image|painting|drawing|poster|piece)\s+(?:of|from|about)\s+(?:this|that|these|those)\s+(\S.{2,})$/i;
/** Nouns that point back without naming anything ("that one", "this memory", "that thing"). */
const POINTING_NOUNS =
  'one|ones|piece|image|art|artwork|picture|drawing|painting|memory|memories|idea|thing|stuff|story|moment|photo|pic|nft';
const POINTING_NOUN = new RegExp(`^(?:${POINTING_NOUNS})\\b`, 'i');

/** A prompt that only points back ("art from this memory", "a piece about that moment"). */
const POINTING_PHRASE = new RegExp(
  `^(?:(?:an?|some)\\s+)?(?:[\\w-]+\\s+){0,2}(?:from|of|about|for)\\s+(?:this|that|my|the)\\s+(?:${POINTING_NOUNS})\\W*$`,
  'i',
);

/**
 * The statement a picture request points back at when no picture was made yet ("my grandfather kept
 * a lighthouse…", a question about it, then "turn that into art"): the user's last message that
 * told something (no question), of the last two, pronouns swapped; null when neither did.
 */
function toldArt(state: Pick<BriefState, 'lastUserText' | 'earlierUserText'>): string | null {
  const statement = (said: string | null | undefined) => {
    const text = said?.trim() ?? '';
    return text &&
      !text.includes('?') &&
      !/^(?:who|what|where|when|why|how|which|is|are|do|does|did|can|could)\b/i.test(text)
      ? text.replace(/[.!\s]+$/, '')
      : null;
  };
  const last = statement(state.lastUserText);
  const earlier = statement(state.earlierUserText);
  // "My cat Mochi is a grey tabby." then "She naps on the radiator.": a statement opening with a
  // third-person pronoun leans on the one before it, which names what the pronoun stands for.
  if (last && earlier && LEANS_BACK.test(last)) return swapPronouns(`${earlier}. ${last}`).slice(0, 200);
  const told = last ?? earlier;
  if (!told || told.split(/\s+/).length < 5) return null;
  return swapPronouns(told).slice(0, 200);
}

/** A statement opening with a third-person pronoun (its referent was named before). */
const LEANS_BACK = /^(?:he|she|it|they|his|her|its|their)\b/i;

/**
 * What a request asks to draw or mint, from its clause (see `extractImagePrompt`). A mint that names
 * no "nft of …" but a piece by its noun phrase ("I want a jellyfish lantern artwork put on chain")
 * mints that piece: the parsed object's noun phrase.
 */
export function requestedArt(
  message: string,
  clause: string,
  mode: 'art' | 'mint',
  state?: Pick<BriefState, 'lastUserText' | 'earlierUserText' | 'lastArtPrompt'>,
): ImagePromptExtraction {
  const found = pieceAsked(message, clause, mode);
  // "turn that into art" when no picture was made yet: what the user told is what to draw.
  const told = found.kind === 'reference' && state && !state.lastArtPrompt ? toldArt(state) : null;
  if (told) return { kind: 'subject', prompt: told };
  // "a heron at dawn. Only blues and a little gold": the colours said beside it are part of the piece.
  return found.kind === 'subject' ? { kind: 'subject', prompt: withArtConstraints(found.prompt, message) } : found;
}

/** What a request names to draw or mint ({@link requestedArt} without the conversation). */
function pieceAsked(message: string, clause: string, mode: 'art' | 'mint'): ImagePromptExtraction {
  const extracted = extractImagePrompt(clause, mode);
  // "an NFT of that humpback whale breaching beside the boat": a demonstrative before a noun names
  // the thing (told about earlier); only "that", "this one" or "that memory" alone point back.
  const shown = DEMONSTRATIVE_OBJECT.exec(clause)?.[1];
  if (extracted.kind !== 'subject' && shown && !POINTING_NOUN.test(shown)) {
    return extractImagePrompt(`the ${shown}`, 'art');
  }
  // "art from this memory": what is drawn is what the memory was, told before.
  if (extracted.kind === 'subject' && POINTING_PHRASE.test(extracted.prompt)) return { kind: 'reference' };
  if (mode !== 'mint' || extracted.kind !== 'none') return extracted;
  const asked = parseRequests(message).find((r) => r.kind === 'mint' && !r.reference && r.object);
  if (!asked) return extracted;
  // What is minted is the whole object, with what follows its head ("a samurai cat under cherry
  // blossoms"), without the one it is for ("mint me …") and without a token noun set before it as
  // a label ("make NFT: a whale in the clouds", "an NFT — a fox at dawn").
  const object = asked.object
    .split(/(?<=[.!?])\s/)[0]!
    .replace(/^(?:me|us|for (?:me|us))\s+/i, '')
    .replace(/^(?:(?:an?|the|my|one)\s+)?(?:nfts?|tokens?|collectibles?)\s*[:,;—–-]\s*/i, '');
  if (/^(?:(?:an?|the|my|one)\s+)?(?:nfts?|tokens?|collectibles?)\W*$/i.test(object)) return extracted;
  // "a paper crane illustration minted on Base": the participle says what to do with it, not what it shows.
  const piece = beforeSecondAsk(object, message).replace(/\s+(?:minted|tokeni[sz]ed|put|turned|made)\b.*$/i, '');
  return piece ? extractImagePrompt(piece, 'art') : extracted;
}

/**
 * "Lovely. Now one of a postman in the rain", "and another of a heron" right after a piece of art:
 * a new piece of what follows "one of" / "another of", spelled out as the request it is ("draw a
 * postman in the rain"). Other text, or after anything but art, is returned as it is.
 */
export function spelledOutArt(text: string, lastTopic: string | null): string {
  if (lastTopic !== 'make_art') return text;
  const m =
    /^\W*(?:[\p{L}']+[.!,]+\s+)?(?:(?:ok|okay|and|now|so|then|cool|great|nice|lovely|perfect|brilliant|amazing|love it)\W+)*(?:another(?: one)?|one more|(?:now\s+)?one|a second one|next(?: one)?)\s+of\s+((?:a|an|the|some|my|our|two|three)\s+\S.*)$/iu.exec(
      text,
    );
  return m?.[1] ? `draw ${m[1]}` : text;
}

/**
 * "my cat Mochi … could you draw her?": an art prompt that is only a pronoun ("her", "him, actually")
 * draws the pet told last (`pets`, oldest first) by name and kind ("Mochi the cat").
 */
export function withPetReferent(prompt: string, pets: readonly { kind: string | null; name: string }[]): string {
  const pet = pets.at(-1);
  if (!pet || !/^\W*(?:her|him|them|it)\b(?:\W+(?:actually|please|pls|for me|too|again|now))*\W*$/i.test(prompt))
    return prompt;
  return pet.kind ? `${pet.name} the ${pet.kind}` : pet.name;
}

/**
 * "shes obsessed w axolotls" … "could u draw one wearing a party hat?": an art prompt that opens on
 * "one" with no noun of its own draws one of the thing liked last (`likes`, oldest first), in the
 * singular ("an axolotl wearing a party hat"). Unchanged when nothing liked was told.
 */
export function withOneReferent(prompt: string, likes: readonly string[]): string {
  const rest = /^\W*one\b(?!\s+of\b)\s*(.*)$/i.exec(prompt)?.[1];
  const liked = likes.at(-1);
  if (rest === undefined || !liked || liked.split(/\s+/).length > 3) return prompt;
  const one = liked.replace(/(?<=[^s])s$/i, '');
  return `${/^[aeiou]/i.test(one) ? 'an' : 'a'} ${one}${rest ? ` ${rest}` : ''}`;
}
