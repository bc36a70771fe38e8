/**
 * The intent classifier's guess for a message, checked against what the message says: a guess of
 * a task or a question is overruled where the words show a statement about oneself (a feeling, a
 * fact, news), a wondering ("what if I freeze?"), a time of day that greets nobody, or a long
 * statement that takes no leave. Used by `turn.ts` when no rule decided the act first.
 */
import type { DialogueMemory } from '@app/domain/chat';
import { withoutEcho } from './acts';
import { domainIntentOf, isOfferIntent } from './dialogue-intents';
import { isKnownWord } from './english-words';
import { correctedFacts } from './fact-corrections';
import { extractFacts, hasFacts } from './facts';
import { feelingOf, lexiconFeelingOf } from './feeling';
import { isGreeting, isRecall, readsAsEnglish } from './guards';
import { asksAboutOthers } from './identity';
import type { DialogueAct, IntentClassifier } from './intent-classifier';
import { englishStopWords, parse, tellsOfOthers, tellsOwnPast } from './parse';
import { QUESTION_START } from './question-form';
import {
  asksBack,
  asksOwnPlan,
  asksOwnPossession,
  asksOwnThing,
  asksToBeReminded,
  namesStoredThing,
} from './recall-question';
import { kindOfNoun, VERB_KIND } from './request-phrase';
import { describedNews } from './task-context';
import { worldQuestionAct } from './task-frames';
import { normalizeText } from './text-features';
import { asksToForget } from './topics';

/**
 * Acts the classifier is trusted with even in a statement that carries a feeling or a fact ("we
 * won the league today" is good news, not a date question, so `date_time` is kept only without one).
 */
const KEEP_ACTS = new Set<DialogueAct>(['greeting', 'thanks', 'maths', 'other_language']);
/** Words in a message (runs of letters). */
const wordCount = (text: string) => text.match(/\p{L}+/gu)?.length ?? 0;
/** A question word that opens a clause of wondering ("don't know what to say", "what if I fail"), asking nothing back. */
const WONDERS = /\b(?:what|how|where|who|when|whether)\s+(?:to|if)\b/i;
/**
 * Words a question about the date or the time uses ("what day is it", "is it late there?"). A
 * message without any ("he left") asks neither, whatever the classifier guessed.
 */
const TIME_WORD =
  /\b(?:time|times|date|dates|day|days|today|todays|tomorrow|yesterday|tonight|clock|hours?|minutes?|months?|years?|weeks?|weekend|morning|evening|night|noon|midnight|o'?clock|when|now|late|early|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|calendar|season|century|decade|timezone|am|pm|utc|gmt)\b|\d/i;

/** What one does for a living or habitually, said of oneself ("I make soap and sell it at the market"). */
const OWN_HABIT =
  /^\W*(?:(?:so|well|ok|okay|hi|hey|hello|also|and)\W+)*(?:i|we)\s+(?:(?:also|still|mostly|mainly|just|usually)\s+)?(?:make|sell|run|own|bake|brew|knit|sew|paint|grow|teach|build|write|design|draw|do|trade|breed|restore|repair|fix|cook)\b/i;
/** Training asked of the avatar: addressed to it, or said as an imperative or a "let's". */
const ASKS_TRAINING =
  /\b(?:you|your|u|ur|yourself|me|us|let'?s)\b|^\W*(?:(?:ok|okay|so|please|pls|now|right)\W+)*(?:practi[sc]e|train|learn|study|work on|level up|improve|drill|brush up|hone|sharpen|polish|teach|do)\b/i;
/** Words that address a request to the avatar anywhere in a message ("k can u …", "… please"). */
export const REQUEST_CUE =
  /\b(?:can|could|would|will) (?:you|u)\b|\bplease\b|\bhelp (?:me|us)\b|\bi(?:'d| would) like\b|\b(?:we|and)(?:'d| would) (?:really |so |very much )?(?:like|love) (?:a|an|some|you|to)\b|\b(?:i|we) (?:want|need) (?:you|a|an)\b/i;

/** True when a word of `text` names a kind of work ("logo", "site", "cast") or a verb that makes one ("paint", "mint"). */
function namesWork(text: string): boolean {
  // "it could really use an online presence": being online is a site.
  if (/\b(?:online|on the (?:web|internet)|web presence)\b/i.test(text)) return true;
  return (text.toLowerCase().match(/\p{L}+(?:-\p{L}+)?/gu) ?? []).some(
    (w) => kindOfNoun(w) !== null || w in VERB_KIND || w.replace(/(?:ed|ing|s|d)$/, '') in VERB_KIND,
  );
}

/** A classifier score from which a task guess stands in a statement that names no work. */
const SURE = 0.5;

/** True when a sentence of `text` opens on a verb or "let's" (after fillers): it tells the avatar to do something. */
function commands(text: string): boolean {
  if (/\blet'?s\b|\blet me see\b/i.test(text)) return true;
  return parse(text).sentences.some((s) => {
    const first = s.tokens.find(
      (t) =>
        t.pos !== 'PUNCT' &&
        t.pos !== 'INTJ' &&
        !/^(?:so|now|ok|okay|cool|right|then|and|just|please|pls)$/i.test(t.text),
    );
    return first?.pos === 'VERB' || /^let'?s$/i.test(first?.text ?? '') || first?.lower === 'let';
  });
}

/** What {@link classifiedAct} decided. */
export interface ClassifiedAct {
  act: DialogueAct;
  /** The classifier's confidence, 0…1. */
  confidence: number;
  /** The question asks after the user's own thing ("how much is in my bank account?"). */
  ownThing: boolean;
  /** The message tells a liking whose warmth is no news ("I absolutely love baking sourdough"). */
  likingOnly: boolean;
}

/**
 * The act of `message` (the text as read; `original` as typed, its English part; `text` without
 * the acknowledgement that opened it), from the classifier's guess checked against its words.
 */
export async function classifiedAct(
  message: string,
  original: string,
  text: string,
  memory: DialogueMemory,
  classifier: IntentClassifier,
): Promise<ClassifiedAct> {
  const prediction = await classifier.predict(message);
  let act: DialogueAct = prediction.act;
  // "when is the wedding?" (a plan told), "how much is in my bank account?", "how old's the youngest?": the user's own.
  const ownThing =
    ((act === 'world_fact' || act === 'market') &&
      (asksOwnThing(message) || namesStoredThing(message, memory.facts))) ||
    (act !== 'recall_fact' && asksOwnPossession(message));
  if ((act === 'world_fact' && asksOwnPlan(message, memory.facts.plans ?? [])) || ownThing) act = 'recall_fact';
  // "ok when's our anniversary again", "remind me when I'm being examined": asks for what was told.
  else if (asksToBeReminded(message) && !isOfferIntent(domainIntentOf(act))) act = 'recall_fact';
  // English function words (the tagger's stop words: "my", "away", "last") outvote the guesser, and
  // so do English feeling words (the lexicon's, not the classifier's guess from word vectors).
  const english =
    englishStopWords(message) >= 2 || lexiconFeelingOf(original).polarity !== 'neutral' || readsAsEnglish(message);
  if (prediction.language !== 'en' && act === 'other' && !english) act = 'other_language';
  // "jfkdls;a pppppppppp ,,,,": no English word asks for no task, whatever the guesser says.
  const gibberish = !english && !(message.match(/\p{L}{2,}/gu) ?? []).some((w) => isKnownWord(w.toLowerCase()));
  if (gibberish && isOfferIntent(domainIntentOf(act))) act = 'other';
  const confidence = prediction.confidence;
  if (asksAboutOthers(act, message)) act = 'other';
  // "pigeons can remember faces?": a question about the world asks for nothing to be made.
  act = worldQuestionAct(act, message);
  // "what if I blank on everything?" wonders; it asks for nothing the user told. "I keep wondering
  // what to tell my son." (no question mark) asks nothing of the world either.
  const wondersAloud =
    (act === 'recall_fact' && !asksBack(original) && !isRecall(normalizeText(original))) ||
    (act === 'world_fact' && !original.includes('?'));
  if (wondersAloud && WONDERS.test(original)) act = feelingOf(original).polarity === 'neutral' ? 'other' : 'feelings';
  if (act === 'date_time' && !TIME_WORD.test(message)) act = 'other';
  // The classifier reads words, not who says what about whom: a statement about oneself that
  // carries a feeling or a fact (or mends one: "we renamed the cat Pip") is that, whatever task words it contains.
  const statement = !withoutEcho(message).includes('?') && !REQUEST_CUE.test(message) && !QUESTION_START.test(message);
  if (act === 'forget' && !asksToForget(text)) act = hasFacts(extractFacts(original)) ? 'tell_fact' : 'other';
  const felt = feelingOf(original).polarity !== 'neutral';
  // "thank god, the scan was clear" exclaims relief; it thanks nobody.
  const exclaimed =
    act === 'thanks' && /^\W*(?:thank (?:god|goodness|heavens|christ|fuck|the lord)|thankfully)\b/i.test(message);
  // "the lifeboat station is holding an open day on Sunday" names a day; it does not ask for one.
  // "I keep setting out two bowls in the morning" names a time of day; it greets nobody.
  const saysHello = act !== 'greeting' || isGreeting(normalizeText(message)) || wordCount(message) <= 6;
  // "Thank you. I should say I am rather low at the moment; …": thanks, then news told with a feeling.
  const thanksThenNews = act === 'thanks' && felt && wordCount(message) > 6;
  const kept =
    (KEEP_ACTS.has(act) && !exclaimed && saysHello && !thanksThenNews) ||
    (act === 'date_time' && !felt && message.split(/\s+/).length <= 6);
  // "I absolutely love baking sourdough" tells a liking; its warmth is not news to cheer.
  const told = extractFacts(original);
  const likingOnly = felt && feelingOf(original).polarity === 'positive' && Boolean(told.likes?.length);
  // A goodbye the classifier is unsure of is short: "before they'll sign off" in a long statement
  // takes no leave.
  const farewell = act === 'goodbye' && (confidence >= 1 || wordCount(message) <= 8);
  if (statement && !kept && !farewell) {
    if (act === 'goodbye' || act === 'greeting') act = 'other';
    // "School Casa Ñandú, Spanish + Guaraní lessons" describes; training a skill is asked of the avatar.
    if (act === 'learn_skill' && !ASKS_TRAINING.test(original)) act = 'tell_fact';
    // "I sketched a fox this morning", "we shipped offline mode": what one did is not a request.
    const didIt =
      isOfferIntent(domainIntentOf(act)) &&
      (tellsOwnPast(original) || tellsOfOthers(original) || OWN_HABIT.test(original));
    if (didIt && !felt && !hasFacts(told)) act = describedNews(original) ? 'feelings' : 'tell_fact';
    else if (likingOnly) act = 'tell_fact';
    // "the panel telephoned; they would like me to start after Easter": a statement that names no
    // work and no verb of making asks for no task, whatever words the classifier matched.
    else if (isOfferIntent(domainIntentOf(act)) && confidence < SURE && !namesWork(original) && !commands(original))
      act = felt ? 'feelings' : /\b(?:i|i'm|i've|my|me|we|we're|our|us)\b/i.test(original) ? 'tell_fact' : 'other';
    else if (felt) act = 'feelings';
    else if (hasFacts(extractFacts(original)) || hasFacts(correctedFacts(memory.facts, original))) act = 'tell_fact';
    // Something said about oneself that fits no act ("I painted my kitchen, took ages") is heard, not
    // answered with the menu of tasks.
    else if ((act === 'other' && /\b(?:i|i'm|i've|my|we|we're|our)\b/i.test(original)) || act === 'date_time')
      act = 'tell_fact';
    // "I don't know what to tell my kids": a statement that wonders asks nothing back.
    else if (act === 'recall_fact' && WONDERS.test(original) && !asksBack(original)) act = 'other';
  }
  return { act, confidence, ownThing, likingOnly };
}
