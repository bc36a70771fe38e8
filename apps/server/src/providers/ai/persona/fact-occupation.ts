/**
 * The user's work, read from a sentence: "I'm a physio in Norwich", "I work at the hospital", "I teach
 * yoga", "I'm studying law", "I drive a lorry for a living", and a self-introduction list ("intro:
 * Chloe, 34, primary school teacher in Adelaide").
 */
import type { MemoryFacts } from '@app/domain/chat';
import { isKnownWord } from './english-words';
import { isNamedPlace, isPlaceWord } from './fact-lowercase';
import { CAP, capped, isRole, NOT_JOBS, NOT_NAMES, NOT_ROLES, properCase, ROLE_END, ROLES } from './fact-words';
import type { Sentence } from './parse';
import { someoneElsesClause } from './relations';
import { hasKinds } from './word-kinds';

const OCCUPATION =
  /\b(?:i work (?:as|like)|i(?:'?m| am) working (?:as|like)|my job is|i(?:'m|’m|m| am)(?:\s+[\p{Lu}][\p{L}'’-]*,)?(?:\s+(?:actually|now|currently|officially|really|still))?|by day i'?m|(?:i'?ve\s+|^\W*)been|as|being|bein|(?<=(?:^|[:;—–])\W*)(?:still|now|currently|officially|finally))\s+(?:an?\s+)?((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)(?=\s*(?:$|[,.!?;—–]|\b(?:on|in|at|for|and|but|so|who|by|from|with|btw|fyi|by the way|now|too|myself|lol|here|there|again|is|up|down|over|out|near|based|living|working|i)\b))/giu;

/** Words around a job: a former one, work, shifts, a career. */
const JOB_CONTEXT =
  /\b(?:used to (?:work|be)|worked as|was an? \w+ (?:for|until)|for a living|my job|day job|shifts?|career|promoted|retrained|qualified|at work)\b/i;
/** The one who does a verb ("drive" → "driver", "run" → "runner", "fix" → "fixer"). */
function agentNoun(verb: string): string {
  if (verb.endsWith('e')) return `${verb}r`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(verb)) return `${verb}${verb.at(-1)}er`;
  return `${verb}er`;
}

/** "ok intro: Chloe, 34, primary school teacher in Adelaide, …": a list describing the writer. */
export function introListOf(text: string): MemoryFacts {
  // "intro:", "a quick introduction so you know who you're talking to:", "Me: Thandeka, 31, …".
  const m =
    /\b(?:intro|introduction|about me|abt me|bout me|bio)\b(?:[^:.!?]{0,60}?:|\s*[—–-])\s*(.+)$|(?:^|[.!?]\s*)me\s*:\s*(.+)$/isu.exec(
      text,
    );
  const list = (m?.[1] ?? m?.[2])?.replace(/^[\s,;]+/, '');
  if (!list) return {};
  const out: MemoryFacts = {};
  // Emoji and marks around an item are not part of it ("sound engineer 🎧").
  const items = list
    .split(/\s*,\s*/)
    .slice(0, 6)
    .map((i) => i.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const first = items[0]?.trim() ?? '';
  // "about me: 1) glasgow 2) sparky …": an item WordNet files as a place is where the writer is.
  // A first item typed with a capital is read as the name ("intro: Florence, 34, …").
  const town = items.find(
    (i, k) =>
      /^\p{L}[\p{L}'-]{2,20}(?: \p{L}[\p{L}'-]{2,20})?$/u.test(i.trim()) &&
      isNamedPlace(i.trim().toLowerCase()) &&
      (k > 0 || !/^\p{Lu}/u.test(i.trim())),
  );
  if (town) out.location = capped(properCase(town.trim())) ?? undefined;
  // The first item, when it is not the place, may be the name.
  const named = town !== items[0];
  if (named && new RegExp(`^${CAP}$`, 'u').test(first) && !NOT_NAMES.has(first)) out.name = capped(first) ?? undefined;
  // "intro time lol: thandeka, 31, …" typed in lower case: a word no dictionary files as a noun.
  else if (named && /^\p{Ll}[\p{Ll}'-]{2,}$/u.test(first) && (!isKnownWord(first) || !hasKinds(first)))
    out.name = capped(properCase(first)) ?? undefined;
  for (const item of items.slice(1)) {
    // "work in hr", "work as a barista": the work named in the list.
    const work = /^(?:i\s+)?work(?:ing|s)?\s+(?:in|as)\s+(?:an?\s+)?([\p{L}][\p{L} &-]{1,30}?)(?:\s*\(.*)?$/iu.exec(
      item.trim(),
    );
    if (work?.[1]) {
      out.occupation ??= capped(work[1]) ?? undefined;
      continue;
    }
    // "from dublin", "live in Leeds": where one is from or lives, a place of one or two words.
    const place = /^(?:i\s+)?(?:(?:live|living|lives|based)\s+in|from)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)$/iu.exec(
      item.trim(),
    );
    const town = place?.[1]?.toLowerCase();
    if (town && (isPlaceWord(town) || !hasKinds(town.split(/\s+/)[0] as string))) {
      out.location ??= capped(properCase(place?.[1] ?? town)) ?? undefined;
      continue;
    }
    // "live in leicester", "based in Leeds": where one lives, no role ("leicester" ends like one).
    if (/^(?:i\s+)?(?:live|living|lives|based|from|moved|studying|study)\b/i.test(item.trim())) continue;
    const role =
      /^(?:an?\s+)?((?:[\p{Ll}-]+\s+){0,3}[\p{Ll}-]+)(?:\s+(?:in|from|based in)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*))?$/u.exec(
        item.trim(),
      );
    const head = role?.[1]?.split(/\s+/).at(-1) ?? '';
    if (role?.[1] && (ROLES.has(head) || ROLE_END.test(head)) && !NOT_ROLES.test(head)) {
      out.occupation ??= capped(role[1]) ?? undefined;
      if (role[2]) out.location ??= capped(role[2]) ?? undefined;
    }
  }
  return out;
}

/**
 * "a veterinary surgeon by profession", "- job: barista", "profession baker 🥐": a role said with
 * "by trade" or under a label (the colon may be left out after "profession" or "occupation").
 */
const ROLE_SAID =
  /\b(?:an?\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+by (?:profession|trade)\b|(?:^|[-•,;:(]\s*)(?:(?:job|work)\s*[:=]|(?:occupation|profession)\s*[:=]?)\s*(?:an?\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s*(?:$|[-•,;.()!]|\p{Extended_Pictographic}))/giu;

/** Work said with its verb: a trade ("i bartend"), a craft done for others ("i do nails"), a vehicle driven. */
const VERB_ROLE =
  /\bi\s+(?:(?:also|still|mostly|mainly|currently|now|just|actually)\s+)?(?:(bartend|tutor|babysit|waitress|freelance|nanny|nurse)\b(?!\s+(?:my|his|her|their|our|a|an|the|it|them|him)\b)|(?:do|cut|style)\s+(tattoos|nails|hair|makeup|make-up|lashes|brows)\b|drive\s+(?:a|an|the)\s+(bus|taxi|cab|lorry|truck|van|tram|train|forklift|ambulance)\b|(?:repair|fix|service|mend)\s+(cars|bikes|bicycles|motorbikes|phones|computers|laptops|watches|boilers|shoes)\b(?!\s+(?:for fun|as a hobby)))/i;
/** The role each verb or craft of {@link VERB_ROLE} names. */
const VERB_ROLES: Record<string, string> = {
  bartend: 'bartender',
  tutor: 'tutor',
  babysit: 'babysitter',
  waitress: 'waitress',
  freelance: 'freelancer',
  nanny: 'nanny',
  nurse: 'nurse',
  tattoos: 'tattoo artist',
  nails: 'nail technician',
  hair: 'hairdresser',
  makeup: 'make-up artist',
  'make-up': 'make-up artist',
  lashes: 'lash technician',
  brows: 'brow technician',
};

export function occupationOf(sentence: Sentence): string | null {
  const text = sentence.text;
  for (const m of text.matchAll(ROLE_SAID)) {
    const role = (m[1] ?? m[2] ?? '').toLowerCase();
    if (isRole(role.split(/\s+/).at(-1) ?? '')) return capped(role.replace(/^(?:an?|the|my)\s+/, ''));
  }
  // "I drive a lorry for a living": the one who does it ("lorry driver").
  const living = /\bi\s+([\p{Ll}]+)\s+(?:an?\s+|the\s+|some\s+)?((?:[\p{Ll}-]+\s+)?[\p{Ll}-]+)\s+for a living\b/iu.exec(
    text,
  );
  if (living?.[1] && living[2] && !/^(?:do|work|am|was|have|get|got|make money)$/i.test(living[1])) {
    // "boilers" → "boiler", "bus" stays.
    const thing = living[2].toLowerCase().replace(/(?<![su])s$/, '');
    return capped(`${thing} ${agentNoun(living[1].toLowerCase())}`);
  }
  // "i bartend 4 nights a week", "I nurse at the Royal", "i do tattoos", "I drive a bus": the work by its verb.
  const byVerb = VERB_ROLE.exec(text);
  if (byVerb) {
    const [, verb, craft, vehicle, repaired] = byVerb;
    if (vehicle) return `${vehicle.toLowerCase()} driver`;
    // "I repair cars" → car mechanic; "I fix phones" → phone repairer.
    if (repaired) {
      const thing = repaired
        .toLowerCase()
        .replace(/(?:e?s)$/, (m) => (repaired.toLowerCase().endsWith('ches') ? '' : m === 'es' ? 'e' : ''));
      return /^(?:car|bike|bicycle|motorbike)/.test(thing) ? `${thing} mechanic` : `${thing} repairer`;
    }
    const role = VERB_ROLES[(verb ?? craft ?? '').toLowerCase()];
    if (role) return role;
  }
  const teach =
    /\bi teach\s+([\p{L}]+(?:\s+(?!(?:in|at|to|for|on|and|but|from|with|so|because|part|full|twice|every|there|here|each|online|now)\b)[\p{L}]+){0,2})/iu.exec(
      text,
    );
  if (teach?.[1]) {
    const subject = teach[1].toLowerCase().replace(/\s+(?:classes|class|lessons|courses|workshops)$/, '');
    // "I teach evening classes": when, not what — a teacher.
    return /^(?:evening|night|weekend|online|private|group|adult|morning|day|some|a|the)$/.test(subject)
      ? 'teacher'
      : `${subject} teacher`;
  }
  const study =
    /\bi(?:'m| am)? (?:study|studying|doing a degree in|reading)\s+([\p{L}]+(?:\s+(?!(?:in|at|to|for|on|and|but|from|with|so)\b)[\p{L}]+)?)/iu.exec(
      text,
    );
  if (study?.[1] && !/^(?:for|hard|late|a lot)$/i.test(study[1])) return `${study[1].toLowerCase()} student`;
  // "I do the accounts at Fenwick & Sons", "I handle payroll for a care home": a line of work, and where.
  const duty = DUTY.exec(text);
  if (duty?.[1] && duty[2]) return capped(`${duty[1]} ${duty[2].replace(/\bmy\b/i, 'your')}`);
  // "I work in a bakery", "I work at the hospital": where, as the job.
  const workplace =
    /\bi (?:work|am working|'m working)\s+((?:in|at|for)\s+(?:an?|the|my)\s+[\p{L}][\p{L} '&-]{1,60}?)(?=\s*(?:$|[,.!?;—–]|\b(?:and|but|so|as|in|near|since)\b))/iu.exec(
      text,
    );
  for (const m of text.matchAll(OCCUPATION)) {
    if (!m[1] || !/\b(?:an?|work(?:ing)? (?:as|like)|my job is)\s+$/i.test(m[0].slice(0, m[0].length - m[1].length)))
      continue;
    // "my sister just started as a paramedic": her job, not the writer's.
    if (/^as\b/i.test(m[0]) && someoneElsesClause(text.slice(0, m.index))) continue;
    const words = m[1].toLowerCase().split(/\s+/);
    const head = words[words.length - 1] as string;
    // "As a Londoner I …": a capitalised word after "as a" says where one is from, not a job.
    if (/^as\b/i.test(m[0]) && /^\p{Lu}/u.test(m[1].split(/\s+/).at(-1) ?? '')) continue;
    // A noun the lists miss is a job where the sentence says so: "now I'm a paralegal" after "used
    // to work…", "I'm a physio in Norwich" (a role at a place), "I'm a …, so my shifts…".
    const rest = text.slice((m.index ?? 0) + m[0].length);
    const byContext =
      JOB_CONTEXT.test(text) || /^\s*(?:in|at|for|from|based in)\s+(?:(?:the|an?)\s+)?\p{L}/u.test(rest);
    if (!(isRole(head) || byContext) || head.length < 3 || NOT_ROLES.test(head) || NOT_JOBS.test(head)) continue;
    // The tagger may misread a listed role before a trailing word ("im a plumber btw"): the list wins.
    const tag = sentence.tokens.find((t) => t.lower === head)?.pos;
    if (tag && !ROLES.has(head) && !['NOUN', 'PROPN', 'X'].includes(tag)) continue;
    return capped(words.join(' '));
  }
  if (workplace?.[1]) return capped(workplace[1].replace(/\bmy\b/i, 'your'));
  return bareRoleOf(sentence);
}

/**
 * A role said with no article: "I am software tester", "I work paramedic", "Oskar here, chemistry
 * teacher, living in Gdańsk", "(chem teacher, secondary school)". After "I'm" any role noun phrase the tagger reads as nouns; as an item between commas
 * only a compound one ("chemistry teacher") in a sentence that introduces the writer, not someone of
 * theirs ("my sister, …").
 */
function bareRoleOf(sentence: Sentence): string | null {
  const text = sentence.text;
  for (const m of text.matchAll(BARE_ROLE)) {
    const listed = !/^\s*i/i.test(m[1] as string);
    // "I'm Noor", "I'm Igor": a capitalised word after "I'm" is a name, however it ends.
    if (!listed && /^\p{Lu}\p{Ll}/u.test(m[2] as string)) continue;
    const words = (m[2] as string).toLowerCase().split(/\s+/);
    const head = words.at(-1) as string;
    // "bridge engineer": a modifier the tagger reads as a bare verb is a noun here.
    const nouns = words.every((w, i) => {
      const t = sentence.tokens.find((x) => x.lower === w);
      const bareVerb = t?.pos === 'VERB' && t.lemma === t.lower && !/(?:ing|ed)$/.test(w) && i < words.length - 1;
      // The head is a noun ("lactose intolerant" is no job).
      return ['NOUN', 'PROPN', ...(i < words.length - 1 ? ['ADJ'] : [])].includes(t?.pos ?? '') || bareVerb;
    });
    // A listed role ("I am nurse of children") is a job whatever the tagger makes of it.
    if (!isRole(head) || !(nouns || (words.length === 1 && ROLES.has(head))) || words.some((w) => NOT_JOBS.test(w)))
      continue;
    // "back from nights (paramedic, london ambulance)": an aside naming the writer's role, unless it
    // follows someone of theirs ("my brother (paramedic)").
    const aside = (m[1] as string).includes('(');
    if (aside && someoneElsesClause(text.slice(0, m.index))) continue;
    if (listed && !aside && (words.length < 2 || !INTRODUCES.test(text) || /\bmy\s+\p{L}+\s*,/iu.test(text))) continue;
    return capped(words.join(' '));
  }
  return null;
}

/**
 * A line of office work one does somewhere, then where: "I do the accounts at Fenwick & Sons", "I
 * handle payroll for a care home". Case is matched by hand: a place's words must be capitalised.
 */
const DUTY =
  /\b[Ii] ((?:do|handle|run|look after|manage|cover)\s+(?:the\s+|all the\s+)?(?:accounts|books|bookkeeping|payroll|marketing|admin|HR|IT(?: support)?|sales|finance|tax(?:es)?|compliance|logistics|recruit(?:ing|ment)|procurement|PR|comms|social media|customer service|reception|front desk|security|catering|night shifts?))\s+((?:at|for)\s+(?:(?:an?|the|my)\s+[\p{L}][\p{L} '&-]{1,40}?|\p{Lu}[\p{L}'’&-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'’&-]*)*))(?=\s*(?:$|[,.!?;—–]|\b(?:and|but|so|since|now)\b))/u;

const BARE_ROLE =
  /(\bi(?:'m|’m|m| am|\s+work)\s+|(?:^|[,;:—–(])\s*(?!i(?:'m|’m|m| am|\s+work)\s))((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)(?=\s*(?:$|[,.!;—–)]|\p{Extended_Pictographic}|\b(?:and|at|in|for|from|by|living|based|here|of)\b))/giu;
/** A sentence that introduces its writer ("Oskar here", "I'm Oskar", "my name's …", "about me:"). */
const INTRODUCES = /\b[\p{Lu}][\p{L}'’-]*\s+here\b|\bi(?:'m|’m| am)\s+[\p{Lu}]|\bname(?:'s| is)\b|\babout me\b/u;
