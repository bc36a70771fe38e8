/**
 * Word matching for recall and forgetting: light stems ("lives" / "live"), kinship ties ("gran" is
 * a "grandmother", a "son" is one of the "kids", a "brother" is "family"), and, for retrieval only,
 * fields of meaning ("eat" and "gluten", "hate" and "can't stand").
 */
import { kindRelated } from './word-kinds';

/**
 * Groups of words for the same tie (first word = the group's name). A word in a later "umbrella"
 * group (kids, partner, parents, siblings, family, friend) also finds the words it covers.
 */
const KIN_GROUPS: string[][] = [
  ['mother', 'mum', 'mom', 'mam', 'mummy', 'mommy', 'mama', 'ma', 'old-dear'],
  ['father', 'dad', 'daddy', 'papa', 'pa', 'pop', 'pops', 'old-man'],
  ['grandmother', 'gran', 'granny', 'grandma', 'nan', 'nana', 'nanna', 'nanny', 'grandmum', 'grandmom', 'gram'],
  ['grandfather', 'grandad', 'granddad', 'grandpa', 'gramps', 'grampa', 'grandpop'],
  ['wife', 'missus', 'missis'],
  ['husband', 'hubby'],
  ['girlfriend', 'gf'],
  ['boyfriend', 'bf'],
  ['fiance', 'fiancé', 'fiancee', 'fiancée'],
  ['son', 'boy', 'lad', 'laddie'],
  ['daughter', 'girl'],
  ['friend', 'mate', 'pal', 'buddy', 'bestie', 'bff', 'bestfriend'],
  ['flatmate', 'roommate', 'housemate'],
  ['colleague', 'coworker', 'co-worker', 'workmate'],
  ['boss', 'manager', 'supervisor'],
  ['neighbour', 'neighbor'],
  ['university', 'uni', 'college'],
  ['sister', 'sis'],
  ['brother', 'bro'],
];
/** Umbrella words and the groups they cover ("kids" covers a son, "family" a brother). */
const KIN = [
  'mother',
  'father',
  'sister',
  'brother',
  'son',
  'daughter',
  'wife',
  'husband',
  'girlfriend',
  'boyfriend',
  'fiance',
  'grandmother',
  'grandfather',
  'aunt',
  'auntie',
  'uncle',
  'cousin',
  'niece',
  'nephew',
  'grandson',
  'granddaughter',
  'stepmum',
  'stepdad',
  'twin',
];
const UMBRELLAS: [names: string[], covers: string[]][] = [
  [
    ['kid', 'kids', 'child', 'children', 'baby', 'babies', 'little one', 'little ones'],
    ['son', 'daughter', 'twin'],
  ],
  [
    ['partner', 'spouse', 'other half', 'significant other', 'other-half', 'better-half', 'significant-other'],
    ['wife', 'husband', 'girlfriend', 'boyfriend', 'fiance'],
  ],
  [
    ['parent', 'parents', 'folks'],
    ['mother', 'father', 'stepmum', 'stepdad'],
  ],
  [
    ['sibling', 'siblings'],
    ['sister', 'brother', 'twin'],
  ],
  [
    ['grandparent', 'grandparents'],
    ['grandmother', 'grandfather'],
  ],
  [
    ['family', 'relative', 'relatives', 'relation', 'relations', 'folks'],
    [...KIN, 'partner', 'kid', 'parent', 'sibling'],
  ],
];
/** Word → the name of its group. */
const GROUP_OF = new Map<string, string>();
for (const g of KIN_GROUPS) for (const w of g) GROUP_OF.set(w, g[0] as string);

/** A light stem: lower case, no possessive, plural or common verb ending ("lives" → "live", "married" → "marry"). */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/[’']/g, '');
  if (w.length <= 3) return w;
  if (/ies$|ied$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(w)) return w;
  if (/(?:ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (/ing$/.test(w) && w.length > 5) w = w.slice(0, -3);
  else if (/ed$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (/s$/.test(w)) w = w.slice(0, -1);
  // "getting" → "gett" → "get", "planned" → "plann" → "plan".
  if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The group a word belongs to ("gran" → "grandmother"), or its stem. */
function groupOf(word: string): string {
  const w = word.toLowerCase();
  return GROUP_OF.get(w) ?? GROUP_OF.get(stem(w)) ?? stem(w);
}

/**
 * True when two words name the same thing: the same stem or kinship group ("gran" / "grandmother"),
 * a shared stem of five letters or more ("allergy" / "allergic"), or an umbrella word and a word it
 * covers ("kids" / "son", "family" / "brother").
 */
export function sameThing(a: string, b: string): boolean {
  const ga = groupOf(a);
  const gb = groupOf(b);
  if (ga === gb) return true;
  const sa = stem(a);
  const sb = stem(b);
  let common = 0;
  while (common < sa.length && common < sb.length && sa[common] === sb[common]) common++;
  if (common >= 5 && common >= Math.min(sa.length, sb.length) - 2) return true;
  for (const [names, covers] of UMBRELLAS) {
    const covered = (w: string) => covers.includes(groupOf(w)) || names.includes(w.toLowerCase());
    if ((names.includes(a.toLowerCase()) && covered(b)) || (names.includes(b.toLowerCase()) && covered(a))) return true;
  }
  return false;
}

/**
 * True when a stored word answers for the thing a question asks about: {@link sameThing}, except a
 * wider word for a narrower one — "my family" finds a stored "brother", but "my mother" is not found
 * by a stored "family" ("keeping track of family dates" says nothing of her).
 */
export function findsThing(asked: string, stored: string): boolean {
  // "which instrument" finds a stored "cello", "our hound" a stored "dog" (kinds from WordNet).
  if (!sameThing(asked, stored)) return kindRelated(asked, stored);
  const umbrella = (w: string) => UMBRELLAS.some(([names]) => names.includes(w.toLowerCase()));
  return !(umbrella(stored) && !umbrella(asked) && groupOf(stored) !== groupOf(asked));
}

/**
 * Fields of meaning a recall question may name by another word than the user used ("what can't I
 * eat?" after "coeliac here, so no gluten ever"; "which colour do I hate?" after "I can't stand
 * beige"). Retrieval only: forgetting matches words and kinship ties, nothing wider.
 */
const FIELDS: string[][] = [
  [
    'eat',
    'food',
    'foods',
    'diet',
    'meal',
    'allergic',
    'avoid',
    'avoiding',
    'restriction',
    'restrictions',
    'allergy',
    'allergies',
    'intolerant',
    'intolerance',
    'vegan',
    'vegetarian',
    'veggie',
    'coeliac',
    'celiac',
    'gluten',
    'lactose',
    'dairy',
    'halal',
    'kosher',
    'pescatarian',
    'nut',
    'nuts',
    'peanut',
    'peanuts',
    'shellfish',
  ],
  [
    'hate',
    'hates',
    'dislike',
    'dislikes',
    'loathe',
    'detest',
    'despise',
    'stand',
    'bear',
    'annoy',
    'annoys',
    "can't stand",
  ],
  [
    'like',
    'likes',
    'love',
    'loves',
    'adore',
    'enjoy',
    'enjoys',
    'favourite',
    'favorite',
    'fave',
    'fav',
    'obsessed',
    'beats',
    'fan',
    'into',
    'passion',
    'hobby',
    'hobbies',
  ],
  [
    'study',
    'studying',
    'student',
    'degree',
    'course',
    'university',
    'uni',
    'college',
    'school',
    'lecture',
    'lectures',
    'subject',
    'subjects',
    'major',
    'module',
    'modules',
    'levels',
    'gcse',
    'gcses',
    'exam',
    'exams',
    'taking',
    'year',
  ],
  [
    'job',
    'work',
    'living',
    'career',
    'trade',
    'profession',
    'shift',
    'shifts',
    'employer',
    'company',
    'firm',
    'office',
    'boss',
    'colleague',
  ],
  ['birthday', 'bday', 'born', 'birth', 'b-day'],
  [
    'marry',
    'marrying',
    'married',
    'wedding',
    'engaged',
    'engagement',
    'fiance',
    'fiancé',
    'fiancee',
    'fiancée',
    'bride',
    'groom',
    'venue',
  ],
  ['live', 'home', 'based', 'city', 'town', 'moved', 'from', 'village', 'country'],
  ['drive', 'car', 'van', 'bike', 'motorbike', 'ride', 'lorry', 'truck'],
  ['originally', 'born', 'bred', 'raised', 'grew', 'grow', 'hometown', 'native', 'from', 'childhood', 'roots'],
  ['team', 'club', 'support', 'supporter', 'follow', 'fan', 'season ticket', 'league', 'match', 'side'],
  // An injury by what happened: "how did I hurt myself?" finds "twisted my ankle".
  'hurt hurts injure injured injury injuries twist twisted sprain sprained broke broken fracture fractured bruise bruised strain strained pulled dislocated tore torn'.split(
    ' ',
  ),
];
/** Word → the fields it is in (a word may be in several: "from" is where one lives and where one grew up). */
const FIELD_OF = new Map<string, number[]>();
FIELDS.forEach((f, i) => {
  for (const w of f) FIELD_OF.set(w, [...(FIELD_OF.get(w) ?? []), i]);
});

/** True when two words name the same thing ({@link sameThing}) or fall in one field of meaning. */
export function related(a: string, b: string): boolean {
  if (sameThing(a, b) || kindRelated(a, b)) return true;
  const fa = FIELD_OF.get(a.toLowerCase()) ?? FIELD_OF.get(stem(a)) ?? [];
  const fb = FIELD_OF.get(b.toLowerCase()) ?? FIELD_OF.get(stem(b)) ?? [];
  return fa.some((f) => fb.includes(f));
}

/** Kinship said in two words ("my old man", "the other half"), read as one word for matching. */
const KIN_PHRASES = /\b(old|other|better|significant) (man|dear|half|other)\b/g;

/** The content words of a text (letters, two or more), for matching; kin phrases as one ("old-man"). */
export function wordsIn(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .replace(KIN_PHRASES, (m, a: string, b: string) =>
        /^(?:old man|old dear|other half|better half|significant other)$/.test(m) ? `${a}-${b}` : m,
      )
      .match(/[\p{L}][\p{L}'-]*/gu) ?? []
  ).map((w) => w.replace(/'s$/, ''));
}

/**
 * True when a word names a pet's stored kind: the same word ("cats" / "cat") or one WordNet files
 * above or below it ("hound" / "dog", "pets" / "rabbit"). One test for asking, forgetting and
 * renaming.
 */
export function namesPetKind(word: string, kind: string | null | undefined): boolean {
  return !!kind && (sameThing(word, kind) || kindRelated(word, kind));
}
