/**
 * High-precision guards that decide a dialogue act before the trained classifier.
 * The classifier generalises; these rules only cover what a short pattern states with certainty —
 * a bare greeting, thanks or farewell, "forget …", an arithmetic question, a question about live
 * world data (weather, news, coin prices), and text written in another language. Anything
 * longer or mixed ("thanks, now draw a cat") is left to the model.
 */
import { mathExpression } from './calc';
import { isKnownWord } from './english-words';
import { englishStopWords } from './parse';
import { REQUEST_CUE } from './task-frames';
import { normalizeText, wordsOf } from './text-features';

/** Acts a guard can decide. */
export type GuardedAct =
  | 'greeting'
  | 'thanks'
  | 'goodbye'
  | 'forget'
  | 'maths'
  | 'world_fact'
  | 'other_language'
  | 'tell_fact'
  | 'recall_fact'
  | 'who_are_you'
  | 'feelings'
  | 'smalltalk';

/** Words that may surround a greeting, thanks or farewell without changing what it is. */
const POLITE = new Set(
  `there all everyone everybody yall friend friends fren frens buddy bud dude mate man guys guy pal bro sis
  sir maam again you u ya yo my dear avatar bot agent again too lol haha ok okay so much very really a lot
  ton bunch much again kindly then now for that this it the help your all oh well alright hey hi and
  again :) great awesome nice cool perfect amazing love sweet good again`.split(/\s+/),
);

/** One word greetings (and their spelling variants), after normalisation. */
const GREET_WORD =
  /^(?:h+i+|h+e+l+o+|helo+|hel+o+w*|he+y+|hey+a|hiya|yo+|sup|wa+s+up|whatsup|wazzup|howdy|gm|gn?m|morning|mornin|evening|afternoon|greetings|hola|bonjour|salut|ciao|hallo|ahoy|gday|hai|heyo|oi)$/;

/** Phrases that continue a greeting ("hi, how are you?"). */
const GREET_TAIL =
  /^(?:(?:how (?:are|r) (?:you|u|ya)(?: doing)?(?: today)?)|(?:hows it going)|(?:how is it going)|(?:whats (?:up|new|good))|(?:nice to (?:meet|see) you)|(?:good to see you)|(?:long time no see)|(?:are you (?:there|online|around|awake))|(?:anyone (?:home|there))|(?:how are things)|(?:you there)|(?:are you there)|(?:how s it going))$/;

const GOOD_TIME = /^good (?:morning|evening|afternoon|day)\b/;

/** True for a message that only greets: "hey", "good morning friend", "hi zero, how are you?". */
export function isGreeting(n: string): boolean {
  if (/^(?:whats up|what s up|whats good)(?: \S+)?$/.test(n)) return true;
  let t = n;
  const m = GOOD_TIME.exec(t);
  let greeted = false;
  if (m) {
    greeted = true;
    t = t.slice(m[0].length).trim();
  }
  const words = wordsOf(t);
  let i = 0;
  while (i < words.length && GREET_WORD.test(words[i] as string)) {
    greeted = true;
    i++;
  }
  if (!greeted) return false;
  const rest = words.slice(i);
  // One name-like word may follow ("hello zero", "hey Priya, how are you").
  const starts = rest.length > 0 && !POLITE.has(rest[0] as string) ? [0, 1] : [0];
  for (const start of starts) {
    for (let k = start; k <= rest.length; k++) {
      const tail = rest.slice(k).join(' ');
      if (tail === '' || GREET_TAIL.test(tail)) return true;
      if (!POLITE.has(rest[k] as string)) break;
    }
  }
  return false;
}

const THANKS =
  /^(?:(?:ok|okay|great|awesome|cool|nice|perfect|wow|oh|amazing|brilliant|love it|that helps|that was (?:helpful|great)|nice one|youre the best)\s+)*(?:thanks?|thank (?:you|u|ya|yo)|thankyou|thanx|thx|thnx|thnks|tnx|ty|tyvm|tysm|cheers|much appreciated|(?:i )?(?:really |truly )?appreciate (?:it|that|this|you|the help)|many thanks|big thanks|merci|gracias|danke|grazie|obrigad[oa])\b(.*)$/;

/** Anything after "thanks" that starts a new request makes it not a bare thanks. */
const REQUEST_WORD =
  /\b(?:draw|paint|make|build|create|generate|mint|post|cast|write|code|learn|train|verify|sell|buy|list|can you|could you|please|now|what|how|who|where|when|why|but)\b/;

/** True for thanks, alone or with polite words ("thanks a lot mate", "cool, thanks for the site"). */
export function isThanks(n: string): boolean {
  const m = THANKS.exec(n);
  if (!m) return false;
  const rest = (m[1] ?? '').trim();
  if (!rest) return true;
  if (REQUEST_WORD.test(rest)) return false;
  const words = wordsOf(rest);
  // "thanks for the site" / "thanks for helping me": a short reason is still thanks.
  if (words[0] === 'for') return words.length <= 5;
  if (words.some((w) => FOREIGN.has(w)) && !/\b(?:thanks?|thank you)\b/.test(rest)) return false;
  return words.every((w) => POLITE.has(w)) || words.length <= 2;
}

const GOODBYE =
  /^(?:(?:ok|okay|well|alright|right|anyway|cool|thanks|thx)\s+)*(?:bye+(?: bye+)?|byee*|goodbye|good ?bye|good ?night|goodnight|nite|night night|gn|see (?:you|ya|u|yall)(?: (?:later|soon|tomorrow|around|next time|then))?|cya|ttyl|talk (?:to you |to u )?(?:later|soon|tomorrow)|later|laters|catch (?:you|ya|u) (?:later|around)|gtg|g2g|brb|bbl|gotta (?:go|run|bounce|dash)|got to go|(?:i )?(?:have|need) to (?:go|leave|run)(?: now)?|im (?:off|out|leaving|heading out|logging off|signing off|done for (?:today|now))|signing off|logging off|peace(?: out)?|farewell|take care|until next time|have a (?:good|great|nice) (?:one|day|night|evening|weekend)|adios|ciao for now)\b(.*)$/;

/** True for a farewell ("bye!", "ok see you tomorrow", "gotta go now, bye"). */
export function isGoodbye(n: string): boolean {
  const m = GOODBYE.exec(n);
  if (!m) return false;
  const rest = (m[1] ?? '').trim();
  if (!rest) return true;
  if (REQUEST_WORD.test(rest)) return false;
  // "ok bye for now, have a good one": a second farewell after the first.
  const next = rest.replace(/^(?:for now|then|now|all|everyone|guys|mate|friend)?\W*/, '');
  if (next && next !== n && isGoodbye(next)) return true;
  const words = wordsOf(rest);
  return words.length <= 4;
}

const FORGET =
  /^(?:(?:ok|okay|please|pls|just|actually|hey|no|nah|um|hmm)\s+)*(?:forget\b|never ?mind\b|nvm\b|scratch that\b|drop (?:it|that|the (?:topic|subject))\b|ignore (?:that|it|what i said)\b|(?:lets )?change (?:of |the )?(?:subject|topic)\b|new (?:topic|subject)\b|different (?:topic|subject)\b|(?:lets )?start (?:over|fresh|again from scratch)\b|reset\b|clear (?:your|my|the) (?:memory|info|data|history)\b|erase (?:my|your|what)\b|wipe (?:my|your|what|that)\b|delete (?:what you know|my (?:info|data|name))\b|lets talk about something else\b|moving on\b|cancel (?:that|it|the topic)\b)/;

/** True for "forget that", "never mind", "new topic", "forget my name", "clear your memory". */
export function isForget(n: string): boolean {
  return FORGET.test(n);
}

/** Starts of an arithmetic question ("what's 12 * 8", "calculate 15% of 200"). */
const MATHS_START =
  /^(?:(?:hey|ok|so|quick|and)\s+)*(?:(?:what|whats|what is|how much is|how many is|hows|tell me|can you (?:do|calculate|compute|work out)|could you (?:calculate|compute)|calc|calculate|compute|solve|evaluate|work out|quick maths?|do the maths?|maths?|add|multiply|divide|subtract|sqrt|square root|half of|\d)\b)/;
/** Words a maths question does not contain (units and things that make it a task or a fact). */
const NOT_MATHS =
  /\b(?:eth|btc|bitcoin|usd|dollars?|euros?|price|cost|worth|days?|weeks?|months?|years?|hours?|minutes?|edition|editions|nft|mint|skills?|avatar|level|xp|draw|paint|site|website|post)\b/;

/** True for an arithmetic question the calculator can evaluate. */
export function isMaths(raw: string, n: string): boolean {
  if (!mathExpression(raw)) return false;
  if (NOT_MATHS.test(n)) return false;
  return MATHS_START.test(n) || /^[\d\s.+\-*/^()x×÷=?%]+$/i.test(raw.trim());
}

const LIVE_DATA =
  /\b(?:weather|forecast|temperature (?:in|outside|today)|raining|rain (?:today|tomorrow)|snow(?:ing)? (?:today|tomorrow)|news|headlines|stock price|share price|stock market|exchange rate|score of the|who won|who is winning|elections?|election results?|latest (?:iphone|version|news))\b/;
const COIN_PRICE =
  /\b(?:price of|how much is|how much are|worth|trading at|value of|rate of|price)\b.*\b(?:bitcoin|btc|eth|ether|ethereum|solana|sol|doge|dogecoin|usdc|stocks?|gold|oil|apple|tesla|nvidia)\b|\b(?:bitcoin|btc|eth|ether|ethereum|solana|doge)\b.*\b(?:price|worth|trading|cost)\b/;
const STATIC_FACT =
  /\b(?:capital (?:city )?of|population of|president of|prime minister|who invented|who wrote|who painted|who discovered|who founded|who directed|who sang|who is the (?:ceo|president|king|queen|richest|best|fastest|tallest)|how tall is|how far is|how big is|how deep is|how long is the|how old is|when did|when was|what year did|what year was|where is the|how does (?!(?:this|it|that|the (?:market|marketplace|mint|minting|verification|training)|minting|verification|training|the app)\b).+ work|how do (?!(?:i|you|we)\b).+ work|what is the (?:speed|distance|height|tallest|biggest|largest|longest|highest|meaning of the word))\b/;
/** Words that make a price question about this product's own marketplace instead. */
const OWN_MARKET = /\b(?:avatars?|skills?|you|your|my|marketplace|floor|listing|royalt(?:y|ies)|genesis|edition)\b/;

/** True for a question about live world data the offline engine cannot know. */
export function isLiveWorldFact(n: string): boolean {
  if (/\b(?:post|cast|tweet|write|draft|share|announce|site|website|page|draw|paint|app)\b/.test(n)) return false;
  if (LIVE_DATA.test(n) && !/\b(?:my|our)\b/.test(n)) return true;
  if (STATIC_FACT.test(n) && !/\b(?:you|your|my|me|i|im|we|our)\b/.test(n)) return true;
  return COIN_PRICE.test(n) && !OWN_MARKET.test(n);
}

/** Words of other languages that are not English words (normalised: no accents). */
const FOREIGN = new Set(
  `hola como estas esta estoy que quiero puedes puede gracias por  buenos buenas dias noches tardes tengo
  hambre sitio tienda nombre  muy bien hacer ayudame ayuda gusta musica hora donde  eres usted
  nosotros pero tambien porque cuando mucho mucha  todos nada algo aqui ahora hoy manana amigo amiga
  bonjour  ca va je suis voudrais vous pouvez aider merci beaucoup tres cest magnifique jhabite
  habite  moi avec qui quoi oui salut bonsoir peux fais faire des les aujourdhui  contente
    beau quel quelle mer mais avoir etre nous
  wie geht dir ich mochte mochten eine einen webseite kannst mir helfen das ist sehr  guten morgen
  freund dankeschon danke wohne heisst heiße bild malen nicht und bitte  machst hallo  abend
  nacht mein meine  bist ja nein auch noch schon gern gerne
  ciao stai ti chiami  sei vorrei sito puoi aiutarmi favore grazie buongiorno buonasera sono
  che cosa fai molto bene della questo questa oggi
  obrigado obrigada pela ajuda qual seu sua quero uma imagem gato voce tudo bom dia  noite
  pode fazer muito obrigadão
   doe hoe gaat het   goedemorgen ik jij niet  goed`.split(/\s+/),
);
/** Short words shared with English, ignored when counting ("a", "in", "me", "come"). */
const SHARED = new Set(
  'a an in me come is un de la le el e o es et du mi tu no si se son van art image photo paris berlin'.split(' '),
);

/**
 * True when the words are mostly from another language (2+ foreign words making at least 60 % of
 * the words that are not shared with English, or any accent or ¿¡ English does not use).
 */
export function looksForeign(raw: string, n: string): boolean {
  const words = wordsOf(n);
  if (words.length === 0) return false;
  const counted = words.filter((w) => !SHARED.has(w));
  const foreign = counted.filter((w) => FOREIGN.has(w)).length;
  const marks = /[¿¡ñßäöüœàâçèêëîïôùûéáíóú]/u.test(raw) ? 1 : 0;
  if (counted.length === 0 || foreign === 0) return false;
  return foreign + marks >= 2 && (foreign + marks) / counted.length >= 0.6;
}

/**
 * True when a message reads as English by its words, however a language guesser reads it ("my lad
 * Finn starts school tomorrow"): an English function word of {@link ONLY_ENGLISH}, no word of
 * another language ({@link FOREIGN}), and at least 80 % of its words in the English vocabulary
 * (`english-words.ts`).
 */
export function readsAsEnglish(raw: string): boolean {
  const words = wordsOf(normalizeText(raw));
  if (words.length === 0 || words.some((w) => FOREIGN.has(w)) || !words.some((w) => ONLY_ENGLISH.has(w))) return false;
  const long = words.filter((w) => w.length > 1);
  return long.filter(isKnownWord).length >= 0.8 * long.length;
}

/** English function words no nearby language writes alike ("no", "a", "in", "me" are left out). */
const ONLY_ENGLISH = new Set(
  'my our the is are was were and of to with you your his her their this that what which who will would should could have has had been being just'.split(
    ' ',
  ),
);

/** True when a clause has a word of another language that is no English word. */
function hasForeignWord(clause: string): boolean {
  return wordsOf(normalizeText(clause)).some((w) => FOREIGN.has(w));
}

/**
 * The English part of a message that mixes English with another language ("Ciao! Sono di Napoli,
 * but my name is Giulia"): its clauses with English function words (the tagger's stop words) and
 * no foreign word, joined; null when no clause shows another language (a word of it, an inverted
 * mark, or accents in a clause with no English function word) or none is clearly English. The
 * engine reads what it can and leaves the rest, instead of declining the whole message.
 */
export function englishPart(raw: string): string | null {
  const clauses = raw
    .slice(0, 1000)
    .split(/(?<=[.!?…;:])\s+|\s*[,¿¡]\s*|\s+[—–]\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  // "our café just opened" is English with a borrowed word; "¿qué tal?" and "enchantée" are not.
  const foreign = (c: string) =>
    hasForeignWord(c) || /[¿¡]/u.test(c) || (/[ñßäöüœàâçèêëîïôùûéáíóú]/u.test(c) && englishStopWords(c) === 0);
  const english = clauses.filter((c) => !foreign(c) && englishStopWords(c) >= 1);
  if (!english.some((c) => englishStopWords(c) >= 2) || !clauses.some(foreign)) return null;
  return english.join(', ');
}

/** A turn from telling to asking: "anyway, …", "so, my question: …", "what I actually wanted to ask is …". */
const TURN_TO_ASK =
  /(?:^|[.!?…;:,—–-]\s*|\s)(?:anyway|anyhow|long story short|so,? my question|my question(?: is)?|what i (?:actually |really )?want(?:ed)? to ask(?: is| you)?)\b[\s,:;—–-]*(?=\S)/gi;

/**
 * The part of a long message that asks (over {@link LONG_MESSAGE} characters): what follows its
 * last turn from telling to asking ("…and we drove home in the dark. Anyway, could you make an NFT
 * of that whale?"); the whole message otherwise. A long story before the question is context, and
 * only the first characters of a message are read for what it asks.
 */
export function askedPart(text: string): string {
  if (text.length <= LONG_MESSAGE) return text;
  // The last turn after which something is asked: "…here's the point: could you paint a wolf?
  // Anyway the loft is still a mess" asks at the first turn, not after "anyway".
  for (const turn of [...text.matchAll(TURN_TO_ASK)].reverse()) {
    const rest = text.slice((turn.index ?? 0) + turn[0].length).trim();
    if (rest.length >= 8 && (rest.includes('?') || REQUEST_CUE.test(rest))) return rest;
  }
  return text;
}

/** Characters from which a message counts as long (a story told before what is asked). */
export const LONG_MESSAGE = 400;

/** Words that turn a message into a task request (or a question about the product). */
const TASK_WORD =
  /\b(?:draw|paint|sketch|illustrat\w*|image|picture|art|artwork|mint|nft|site|website|webpage|page|landing|app|code|script|program|post|cast|tweet|farcaster|verify|verification|task|skill|skills|marketplace|sell|buy|price|worth|wallet|reputation|xp|level|can you|could you|help me|please|pls)\b/;

const LEAD = '(?:(?:hi|hey|hello|yo|so|well|btw|fyi|also|and|oh|ok|okay|by the way|just so you know|actually)\\s+)*';
const SELF_STATEMENT = new RegExp(
  `^${LEAD}(?:my name is|my names|my name s|call me|you can call me|i am called|im called|the names|i live (?:in|near|by|on)|im from|i am from|i come from|im based in|i am based in|i moved to|i grew up in|my (?:favou?rite|fav) \\w+ is|my hobby is|my hobbies are|my job is|i work (?:as|at|in|for)|im working on|i am working on|im currently working on|i work on|im building|i am building|my project is|my startup is)\\b`,
);

/** True for a statement about oneself ("my name is Sam", "I live in Porto", "I'm building a game"). */
export function isSelfStatement(raw: string, n: string): boolean {
  if (!SELF_STATEMENT.test(n) || raw.includes('?')) return false;
  return !/\b(?:can you|could you|would you|help me|please|pls|build me|make me|for me)\b/.test(n);
}

const RECALL =
  /^(?:(?:so|and|hey|ok|okay|um|wait|quick question)\s+)*(?:(?:what|whats|what is|what was|what are|whats)\s+my\b|where (?:do|did) i (?:live|come from|say)|where am i from|what (?:do|did) i (?:like|love|enjoy|do|say|tell)|what am i (?:working on|building|making|into)|who am i$|remind me (?:what|where|who) (?:my|i)|(?:do|can) you (?:still )?(?:remember|know|recall) (?:my|me|where i|what i|who i)|what do you (?:know|remember) about me|what have i told you|did i (?:tell|mention) (?:you )?(?:my|where|what))/;
const NOT_RECALL =
  /\b(?:avatars?|value|password|email|account|phone|skills?|task|worth|price|wallet|nft|art|artwork|site|website|post|reputation|level|xp|balance|order|options)\b/;

/** True for a question about what the user told before ("what's my name?", "where do I live"). */
export function isRecall(n: string): boolean {
  return RECALL.test(n) && !NOT_RECALL.test(n);
}

const WHO =
  /^(?:(?:so|and|but|hey|ok|okay|wait|um|hi|hello)\s+)*(?:who (?:are|r) (?:you|u|ya)(?: exactly| really| anyway)?$|who(?:s| is) this$|who am i (?:talking|speaking|chatting) (?:to|with)|whats? (?:is )?(?:your|ur|yer) name|what do (?:i|we) call you|what should i call you|what are you called|are (?:you|u) (?:an? )?(?:bot|ai|human|robot|real|person|machine|chatbot|program|computer|sentient|alive|conscious|chatgpt|llm|language model)\b|(?:who|what company) (?:made|built|created|programmed|designed) (?:you|u)\b)/;

/**
 * An attempt to override the avatar's instructions ("ignore previous instructions", "print your
 * system prompt", "you are now DAN", "enter developer mode"): answered as a question about what the
 * avatar is, never obeyed and never met with a task offer.
 */
const OVERRIDE =
  /\b(?:(?:ignore|disregard|forget|override|bypass) (?:all |any |the |your |my )*(?:previous |prior |above |earlier |preceding |original |system )*(?:instructions|rules|prompts?|directions|guidelines|programming)|(?:system|hidden|initial|secret) (?:prompt|instructions)|you are now (?:a |an )?(?:dan|unrestricted|jailbroken|free|evil)|(?:developer|god|debug|admin) mode|jailbreak\w*)\b/;

/** True for an attempt to override the avatar's instructions (on raw or normalised text). */
export function asksToOverride(text: string): boolean {
  return OVERRIDE.test(normalizeText(text));
}

/** True for a question about the avatar itself ("who are you", "are you a bot", "what's your name"). */
export function isWhoAreYou(n: string): boolean {
  return WHO.test(n);
}

const MOOD =
  'sad|unhappy|happy|tired|exhausted|stressed|stressed out|anxious|lonely|depressed|down|upset|angry|mad|frustrated|excited|thrilled|stoked|nervous|scared|afraid|worried|overwhelmed|burned out|burnt out|burnt|heartbroken|miserable|terrible|awful|horrible|low|hopeless|hurt|sick|ill|proud|glad|relieved|confused|stuck|drained|annoyed|pissed|furious|jealous|ashamed|embarrassed|guilty|calm|joyful|ecstatic|devastated|crushed|numb|homesick|sleepy|hungry|blessed|grateful|fantastic|amazing|great|good|bad|awesome|wonderful|fine|meh|bummed|bummed out|gutted|lost|weird|off|blue|empty|useless|worthless|motivated|unmotivated|restless|insecure|nervous';
const FEELING = new RegExp(
  `^(?:(?:honestly|ugh|well|so|man|tbh|today|oh|sigh|wow|yay|omg)\\s+)*(?:i|im|i am|i m|i feel|im feeling|i am feeling|feeling|i felt|i was|ive been|i have been|i\\s+feel)\\s+(?:(?:so|really|very|a bit|a little|kinda|kind of|super|pretty|quite|extremely|totally|just|not|too|rather|incredibly|sooo+|soo|a lot|completely|absolutely|honestly|still|always|feeling|getting)\\s+)*(?:${MOOD})\\b`,
);

/** True for a statement of how the user feels ("i'm so tired", "feeling lonely tonight"). */
export function isFeeling(n: string): boolean {
  return FEELING.test(n) && !TASK_WORD.test(n) && !/\bbored\b/.test(n);
}

const REACTION =
  /^(?:(?:ok|okay|oh|wow|ah|haha|lol|yeah|yep|omg)\s+)*(?:l+o+l+z?|(?:ha){2,}h?|(?:he){2,}h?|(?:hi){3,}|lmf?a+o+|rofl|xd+|nice+|cool+|neat|sweet|wow+|interesting|good one|nice one|funny|thats (?:cool|funny|hilarious|weird|interesting|nice|great|awesome|wild|crazy|amazing|neat|sweet|sad|fair|true)|cool (?:cool|story)|so cool|very cool|how cool|too funny|youre (?:funny|cool|awesome|smart|the best|hilarious|weird)|good bot|nice bot|bad bot)$/;

/** True for a bare reaction or laughter ("lol", "haha nice", "that's funny", "good bot"). */
export function isReaction(n: string): boolean {
  return REACTION.test(n);
}

/**
 * The act a guard decides for a message, or null (let the classifier decide). Order matters:
 * arithmetic first, then the bare social acts, "forget", foreign text, and live world data.
 */
export function guardAct(raw: string): GuardedAct | null {
  const n = normalizeText(raw);
  if (!n) return null;
  if (OVERRIDE.test(n)) return 'who_are_you';
  if (isMaths(raw, n)) return 'maths';
  if (isGreeting(n)) return 'greeting';
  if (isThanks(n)) return 'thanks';
  if (isGoodbye(n)) return 'goodbye';
  if (isForget(n)) return 'forget';
  if (looksForeign(raw, n)) return 'other_language';
  if (isLiveWorldFact(n)) return 'world_fact';
  if (isSelfStatement(raw, n)) return 'tell_fact';
  if (isRecall(n)) return 'recall_fact';
  if (isWhoAreYou(n)) return 'who_are_you';
  if (isFeeling(n)) return 'feelings';
  if (isReaction(n)) return 'smalltalk';
  return null;
}
