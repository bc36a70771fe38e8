/**
 * The feeling lexicon's additions, as data for `feeling.ts`: words AFINN-165 lacks or scores for
 * another register, and phrases whose meaning is not the sum of their words. Events (achievements,
 * setbacks) that carry a feeling without a feeling word are in `feeling-events.ts`.
 */
import { ANIMALS } from './facts';

/** People close to one ("my nan", "my best mate"), as a regular-expression alternation. */
export const KIN =
  'mum|mom|mam|mother|dad|father|gran|granny|grandma|grandmother|nan|nana|nanna|grandad|granddad|grandpa|grandfather|aunt|auntie|aunty|uncle|cousin|brother|sister|friend|mate|pal|bestie|bff|wife|husband|partner|boyfriend|girlfriend|son|daughter|neighbour|neighbor|colleague|boss|teacher';

/** Words AFINN-165 lacks or scores for another register, with their valence (−5…+5). */
export const EXTRA_WORDS: Record<string, number> = {
  // How one does something, not how one feels ("I need to budget carefully").
  careful: 0,
  carefully: 0,
  gutted: -3,
  mortified: -3,
  humiliated: -3,
  // "been saving for a new bike": putting money by, not a rescue ("save" is +2).
  saving: 0,
  // "They were very polite about it": manners of others, not the writer's feeling.
  polite: 0,
  bricking: -3,
  rubbish: -2,
  shattered: -2,
  knackered: -2,
  wrecked: -2,
  chuffed: 3,
  stoked: 3,
  hyped: 3,
  buzzing: 3,
  thrilled: 4,
  ecstatic: 4,
  relief: 2,
  relieved: 2,
  phew: 2,
  thankfully: 2,
  // Illnesses of the mind and body named as the news ("his dementia is getting worse").
  dementia: -2,
  "alzheimer's": -2,
  alzheimers: -2,
  chemo: -2,
  // Penalties: "the council towed my car", "I got fined".
  towed: -2,
  clamped: -2,
  fined: -2,
  // The body's alarm: "my hands won't stop sweating", "I feel nauseous".
  sweating: -2,
  sweaty: -1,
  nauseous: -2,
  queasy: -2,
  dizzy: -2,
  benign: 2,
  // Household mishaps ("the washing machine flooded the kitchen", "the printer jammed again").
  flooded: -2,
  jammed: -2,
  leaking: -2,
  leaked: -2,
  bittersweet: -1,
  shaking: -2,
  invisible: -2,
  unappreciated: -2,
  unwanted: -2,
  unloved: -2,
  unseen: -1,
  trapped: -2,
  numb: -2,
  crushing: -2,
  oops: 0,
  whoops: 0,
  // British spellings and words AFINN lacks: "marvellous", "a thrilling step", "unfortunately, …".
  marvellous: 3,
  thrilling: 3,
  unfortunately: -2,
  shaken: -2,
  '🥲': 2,
  crushed: -2,
  trembling: -2,
  jittery: -2,
  butterflies: -1,
  meh: -2,
  pretty: 0,
  feeling: 0,
  feel: 0,
  like: 0,
  please: 0,
  help: 0,
  want: 0,
  kind: 0,
  care: 0,
  guess: 0,
  grey: -1,
  gray: -1,
  blah: -2,
  rough: -2,
  skint: -2,
  broke: -2,
  overwhelmed: -3,
  burnt: -2,
  burned: -2,
  drained: -2,
  exhausted: -2,
  homesick: -2,
  heartbroken: -4,
  devastated: -4,
  anxious: -2,
  nervous: -2,
  panicking: -3,
  dreading: -3,
  grieving: -3,
  funeral: -3,
  argh: -2,
  ugh: -2,
  sigh: -1,
  soaked: -1,
  cancelled: -2,
  canceled: -2,
  dumped: -3,
  redundant: -2,
  sacked: -3,
  fired: -2,
  promoted: 3,
  promotion: 3,
  scholarship: 2,
  engaged: 2,
  hired: 3,
  graduated: 3,
  passed: 2,
  aced: 3,
  nailed: 2,
  smashed: 2,
  finally: 1,
  woohoo: 3,
  yay: 3,
  wahoo: 3,
  hooray: 3,
  lit: 2,
  epic: 3,
  honestly: 0,
  fine: 0,
  ok: 0,
  okay: 0,
  alright: 0,
  gorgeous: 3,
  fab: 3,
  ace: 2,
  brill: 3,
  cracking: 2,
  smashing: 3,
  magic: 2,
  evicted: -3,
  lie: 0,
  nightmare: -3,
  wiped: -2,
  gutting: -3,
  knackering: -2,
  struggling: -2,
  lonely: -2,
  scary: -2,
  raise: 0,
  unreal: 2,
  free: 0,
  // a fact or a laugh, not a feeling ("my favourite colour is orange", "I'm called Alex lol")
  favourite: 0,
  favorite: 0,
  fave: 0,
  lol: 0,
  lmao: 0,
  haha: 0,
  hahaha: 0,
  funny: 0,
  menace: 0,
  cheer: 0,
  wish: 0,
  // emoji the lexicon lacks or scores as neutral
  '😭': -2,
  '😢': -2,
  '😞': -2,
  '😔': -2,
  '😩': -2,
  '😫': -2,
  '💔': -3,
  '😰': -2,
  '😟': -2,
  '🥺': -1,
  '😤': -2,
  '🥳': 3,
  '🥹': 2,
  '🥰': 3,
  '😊': 2,
  '🤗': 2,
  '💕': 2,
  '💗': 2,
  '😁': 2,
  '🙌': 2,
  '🎉': 3,
  '🎊': 3,
  '😍': 3,
  '🤩': 3,
  '❤️': 2,
  '❤': 2,
  '💖': 2,
  '✨': 1,
  '👏': 2,
  '🙏': 1,
  // reactions more than feelings ("dead 💀" is laughter)
  '💀': 0,
  '🔥': 0,
  '😂': 0,
  '🤣': 0,
};

/**
 * Overlooked, the prize going to another: "passed over for the job", "they hired someone else".
 * Scored as a setback (`feeling-events.ts`); its words ("passed", "hired") are not read as the
 * writer's own success (see PHRASES).
 */
export const OVERLOOKED =
  /\bpassed over\b|\boverlooked for\b|\b(?:hired|picked|chose|chosen|promoted|appointed|went with|gave (?:it|the \w+) to|offered (?:it|the \w+) to)\s+(?:someone|somebody|another (?:candidate|person|applicant))(?:\s+(?:else|external|internal|from outside|younger|cheaper))?\b/i;

/**
 * "Good morning" and its kin as a greeting: "good" and a part of the day at a sentence's start (or
 * after "hi"), followed by punctuation, the end, or whom it greets (a capitalised name,
 * "all", "everyone"). Case is spelled out: a case-blind \p{Lu} would match any letter.
 */
const SALUTATION =
  /(?<=^|[.!?]\s*|\b(?:[Hh]i|[Hh]ello|[Hh]ey)[\s,]+|\p{Extended_Pictographic}\s*)(?:[Gg]ood|GOOD)\s+(?:[Mm]orning|[Aa]fternoon|[Ee]vening|[Nn]ight|[Dd]ay|MORNING|AFTERNOON|EVENING|NIGHT|DAY)\b(?=\s*(?:[.,!;:—–-]|$|\p{Lu}|(?:all|everyone|everybody|folks|team|friends?|there|to you)\b))/gu;

/**
 * Everyone else got what the writer did not: "everyone else in my class passed first try",
 * "everybody else on the course got picked" — the writer's setback, not a success.
 */
export const OTHERS_GOT_IT =
  /\b(?:every(?:one|body) else|all the others|the rest of (?:my|the|us)(?: \w+)?)\b[^.!?]{0,30}?\b(?:passed|got in|got into|made it|got (?:picked|chosen|hired|accepted|selected|through))\b/i;

/** Phrases whose meaning is not the sum of their words, rewritten before scoring. */
export const PHRASES: [RegExp, string][] = [
  // Someone else's success is the writer's setback, scored as an event (OVERLOOKED).
  [new RegExp(OVERLOOKED.source, 'gi'), ' '],
  [/\bpassed away\b|\bpassed on\b/gi, ' died '],
  // "he passed in March", "she passed last week": a person said to have passed at a time died.
  [
    /\b(?:he|she)\s+(?:\w+\s+)?passed(?=\s+(?:away|in (?:january|february|march|april|may|june|july|august|september|october|november|december|the night|(?:his|her) sleep)|last (?:week|night|month|year|spring|summer|autumn|winter)|yesterday|recently|suddenly|peacefully)\b)/gi,
    ' died',
  ],
  // Names for a partner or a parent, not judgements: "my better half", "my old man".
  [/\b(?:better|other) half\b|\bold (?:man|dear)\b/gi, ' partner '],
  // "my grandad passed last night": a person or pet passing, with no exam after it, died.
  [
    new RegExp(
      `\\b(?:${KIN}|${ANIMALS})\\s+(?:\\w+\\s+)?passed\\b(?!\\s+(?:the|a|an|my|his|her|their|our|it|with|by|through|over|out|round|around|me|us|him|them)\\b)`,
      'giu',
    ),
    ' died ',
  ],
  // Nerves in idioms: "my stomach is in knots", "on edge", "heart racing".
  [
    /\bstomach(?:'s| is)? (?:in knots|churning|doing (?:flips|somersaults))\b|\bknots? in my (?:stomach|chest|throat)\b|\bon edge\b|\bsick with (?:worry|nerves)\b|\bheart(?:'s| is)? (?:racing|pounding)\b|\bnervous wreck\b|\bbricking it\b|\bnerves (?:are |were |have been )?(?:getting|got|get|gettin) the better of (?:me|us)\b|\b(?:a )?(?:bag|bundle) of nerves\b|\bbutterflies in my (?:stomach|tummy|belly)\b|\bpalms (?:are )?(?:sweating|sweaty|clammy)\b/gi,
    ' nervous ',
  ],
  // Falling short of a mark: "fell short by four marks", "missed it by two points", "didn't make the cut".
  [
    /\b(?:fell|fall|falling|came|come) (?:just )?short\b|\bmissed (?:it |out )?by (?:just )?(?:\d+|one|two|three|four|five|a few|a couple of)\b|\b(?:didn'?t|did not) make the cut\b/gi,
    ' failed ',
  ],
  // Money run out: "overdraft maxed", "cards are maxed out", "skint till payday".
  [
    /\b(?:overdraft|credit cards?|cards?)\s+(?:is\s+|are\s+|all\s+)?maxed(?: out)?\b|\bmaxed out\b|\bskint\b|\b(?:can'?t|cannot) afford\b/gi,
    ' struggling ',
  ],
  // Joy that cries: "happy tears 😭", "tears of joy".
  [
    /(?:\p{Extended_Pictographic}\s*)*\b(?:(?:crying|cry|cried|sobbing|shedding)\s+)?(?:happy tears|tears of joy|crying (?:with|from|of) (?:joy|happiness|pride))\b(?:\s*\p{Extended_Pictographic})*/giu,
    ' delighted ',
  ],
  [/\b(?:can'?t|cannot) (?:shake|get rid of|get past)\b/gi, ' struggling '],
  [
    /\bfed up\b|\bsick (?:and tired )?of\b|\bhad enough\b|\bat (?:the end of my tether|my wits'? end)\b/gi,
    ' frustrated ',
  ],
  [/\bcan'?t be (?:bothered|arsed|assed)\b|\bno (?:energy|motivation)\b/gi, ' miserable '],
  // "not gonna pretend I'm fine": not fine.
  [
    /\b(?:not (?:gonna|going to)|won'?t|can'?t|cannot) pretend (?:i'?m|to be|everything'?s|it'?s|things are) (?:fine|ok|okay|good|great|alright)\b/gi,
    ' struggling ',
  ],
  [/\b(?:don'?t|do not) know what (?:i'?ll|i will|i'?d|i would|we'?ll|we will) do without\b/gi, ' heartbroken '],
  // Idioms whose negation is not one: "couldn't be happier", "can't wait", "can't believe".
  [
    /\b(?:couldn'?t|could not|can'?t|cannot)(?: have)? (?:be|been|go|gone|turn out|turned out|feel|felt|ask for|asked for)(?: (?:any|much))? (?:better|happier|prouder|gladder|more (?:excited|thrilled|pleased|proud|happy|glad|grateful|thankful|content|satisfied|relieved|chuffed|stoked|hyped|delighted))\b|\bnever been (?:happier|prouder|better)\b/gi,
    ' delighted ',
  ],
  [/\b(?:can'?t|cannot) wait\b/gi, ' excited '],
  // Panic and nausea in idioms: "freaking out", "kinda wanna throw up", "my mate's in pieces".
  [/\b(?:freak|freaks|freaking|freakin|freaked) out\b|\blosing (?:my|it)\b/gi, ' panicking '],
  [/\b(?:throw|throwing|threw|thrown) up\b|\b(?:wanna|want to|going to|gonna) be sick\b/gi, ' nauseous '],
  [/\b(?:in|to) (?:pieces|bits)\b(?!\s+of\b)|\bfalling apart\b/gi, ' heartbroken '],
  [/\bheavy heart\b|\bheart(?:'s| is| feels)? (?:so |very |really )?heavy\b/gi, ' sad '],
  [/\bfalse alarm\b/gi, ' relieved '],
  // Moved to tears, not hurt: "I nearly cried", "I teared up" (the rest of the message decides).
  [/\b(?:nearly|almost) cried\b|\bteared up\b|\bwelled up\b|\bchoked up\b/gi, ' moved '],
  // Something awaited that one does not want: "can't say I'm looking forward to Sunday".
  [/(?:\bnot|n't|\bnever|\bcannot)\s+(?:[\w']+\s+){0,3}?(?:looking forward|excited)\b/gi, ' dreading '],
  // Said plainly, it is eagerness: "looking forward to the garden" (AFINN has no word for it).
  [/\b(?:looking|look|looked) forward to\b/gi, ' excited about '],
  // "can't stop smiling" is a lot of smiling ("can't stop crying" is scored as an event below).
  // "can't stop smiling", "my hands won't stop shaking": the feeling goes on, it is not denied.
  [/\b(?:can'?t|cannot|couldn'?t|won'?t|wouldn'?t|doesn'?t|don'?t|didn'?t|never) stop\b/gi, ' '],
  [/\b(?:i'?m|i am|we'?re|we are) (?:finally )?free\b/gi, ' relieved '],
  // Litotes: "can't complain" says things are good.
  [/\b(?:can'?t|cannot|couldn'?t) complain\b/gi, ' good '],
  // Acknowledgements, not feelings: "no worries", "fair enough", "fair point".
  [/\bno (?:worries|problem|probs)\b|\bfun fact\b|\bfair (?:enough|point|play)\b/gi, ' '],
  [/\b(?:can'?t|cannot|couldn'?t) believe\b|\bno way\b/gi, ' '],
  [/\b(?:got|getting|get|given|give) (?:a|my|the) (?:pay )?(?:raise|promo)\b|\bpay rise\b/gi, ' promotion '],
  // What is at stake is no news: "my scholarship depends on it", "the whole grant rides on this".
  [/\b(?:my|our|the|his|her|their)(?: \w+)? \w+ (?:depends|rides|hinges|relies) on (?:it|this|that|them)\b/gi, ' '],
  // Everyone else got what the writer did not (OTHERS_GOT_IT, scored as an event).
  [new RegExp(OTHERS_GOT_IT.source, 'gi'), ' '],
  [/\bwiped out\b|\bburnt out\b|\bburned out\b/gi, ' exhausted '],
  // How something went: "the gig went really well", "it's going badly".
  [
    /\b(?:go|goes|going|went|gone|turned out|turning out)(?: (?:really|so|very|super|pretty|incredibly|brilliantly|amazingly))? (?:well|brilliantly|amazingly|perfectly|smoothly|great|fantastic|like a dream)\b/gi,
    ' great ',
  ],
  [
    /\b(?:go|goes|going|went|gone|turned out|turning out)(?: (?:really|so|very|pretty))? (?:badly|wrong|south|pear-shaped)\b/gi,
    ' bad ',
  ],
  // A pet put to sleep has died.
  [
    new RegExp(
      `\\b(?:put|putting)\\s+(?:(?:my|our|the|his|her|their)\\s+(?:[\\p{L}-]+\\s+)?(?:${ANIMALS})|him|her)\\s+(?:down|to sleep)\\b`,
      'giu',
    ),
    ' died ',
  ],
  // Salutations, not feelings: "Good evening.", "good morning all, …" opening a sentence and ending it
  // or naming whom it greets ("had a good evening" and "good day today" are told, not said as hello).
  [SALUTATION, ' '],
  // An apology for a slip, not a feeling: "sorry, I meant Bremen", "oops my bad, typo".
  [
    /\b(?:sorry|soz|oops|whoops|my bad|pardon me)\b(?=[^.!?]{0,25}\b(?:i meant|i mean|i misspoke|typo|misspoke|autocorrect|wrote wrong|i wrote)\b)/gi,
    ' ',
  ],
  // Flags say where, not how one feels: "I live in Hamburg 🇩🇪".
  [/[\u{1F1E6}-\u{1F1FF}]{2}/gu, ' '],
  // A dream named as what one has or takes: "it is my dream since university", "my dream job".
  [
    /\bit(?:'s|’s| is| was) my dream\b|\bmy dream (?:job|house|home|school|uni|university|role|come true)\b|\bdream come true\b/gi,
    ' delighted ',
  ],
  // Idioms of being worn out or low: "at the end of my rope", "it wears me down", "I am rather low".
  [
    /\bat the end of (?:my|our|his|her) (?:rope|tether)\b|\bat (?:my|our) wits'? end\b|\bwears? (?:me|one|us|you) (?:down|out)\b|\bwearing (?:me|us) (?:down|out)\b/gi,
    ' desperate exhausted ',
  ],
  [
    /\b(?:i'?m|im|i am|feel(?:ing)?|felt|been|i've been)\s+(?:(?:rather|a bit|a little|quite|so|pretty|very|really|kinda|kind of|sort of)\s+)?low\b/gi,
    ' sad ',
  ],
  // Shame said as a wish to vanish: "i want to disappear", "wanted the ground to swallow me".
  [
    /\b(?:i\s+)?(?:want(?:ed)?|wanna) (?:to )?(?:disappear|vanish|crawl (?:into|under) a (?:hole|rock))\b|\b(?:the )?ground (?:to )?swallow me(?: up| whole)?\b/gi,
    ' ashamed ',
  ],
  // Coping said as an effort is the strain itself: "trying to stay calm for the kids".
  [
    /\btrying (?:hard |my best )?to (?:stay|keep|remain|be) (?:calm|positive|strong|upbeat|hopeful|it together)\b/gi,
    ' worried ',
  ],
  // Laughing or thrilled, not hurting: "lmaooo im screaming", "im dead 😂", "ENGAGED 💍 im screaming".
  [
    /(?:\blo+l\b|\blmf?a+o+\b|\bha(?:ha)+\b|😂|🤣)[^.!?]{0,40}\b(?:i'?m|im|i am) (?:literally |actually |so )?(?:screaming|dead|dying|crying)\b|\b(?:i'?m|im|i am) (?:literally |actually |so )?(?:screaming|dead|dying|crying)\b(?=[^.!?]{0,20}(?:\blo+l\b|\blmf?a+o+\b|\bha(?:ha)+\b|😂|🤣))|\b(?:i'?m|im|i am) (?:literally |actually |so )?screaming\b(?!\s+(?:at|for|in|into|because|cos|with)\b)/giu,
    ' delighted ',
  ],
  // A wish on leaving, not how the writer feels: "have a good one", "have a lovely weekend".
  [/\bhave an? (?:good|great|nice|lovely|wonderful) (?:one|day|night|evening|weekend|week|time)\b/gi, ' '],
  [/\bbest (?:friend|mate|pal)s?\b/gi, ' friend '],
  // "moving abroad for good" is for ever, not good.
  [/\bfor good\b/gi, ' '],
  // The lexicon negates only the word right after one of a few negators ("not", "don't").
  [
    /\b(?:wasn'?t|weren'?t|aren'?t|didn'?t|couldn'?t|wouldn'?t|shouldn'?t|haven'?t|hasn'?t|hadn'?t|ain'?t|never|no longer|hardly)\b/gi,
    ' not ',
  ],
  [
    /\bnot\s+(?:(?:so|too|very|really|that|at all|particularly|exactly|remotely|even|feeling|a bit|quite|all that)\s+)+/gi,
    'not ',
  ],
  [
    /\bnot (?:gonna|going to) lie\b|\bto be honest\b|\bif i(?:'?m| am) (?:being )?honest\b|\bin all honesty\b|\bto tell (?:you )?the truth\b|\btbh\b|\bngl\b/gi,
    ' ',
  ],
  [
    /\b(?:got|landed|passed|aced|won(?!['’]t)|nailed|smashed|got into|got onto)\s+(?:my|the|a|an|our|into)?\s*/gi,
    ' $& ',
  ],
];
