/**
 * What the user is making or working on, said in passing: "I'm building a little app that …",
 * "currently writing a fantasy novel", "I've been learning the cello", and a project named and then
 * described ("Tilly, a budgeting app I'm building", "Moss Lane — it's a podcast about hedges").
 */
import { CAP, capped } from './fact-words';
import { secondPerson } from './plans';

/** "— currently building a little app that …": what one is making, said without "I'm". */
const WORKING_LOOSE =
  /(?:^\W*|[—–,;:]\s*|\band\s+)(?:(?:currently|now|also|still)\s+(?:been\s+)?|been\s+|(?=working on\b)|(?=(?:building|making|writing|developing|designing|coding|preparing)\s+(?:my|our)\s))(?:building|working on|making|writing|developing|designing|coding|preparing)\s+([^.;!?]{2,100})/i;
const WORKING_ON =
  /\b(?:i'?m (?:currently )?working on|i am working on|i work on|i(?:'ve| have) been (?:working on|building|writing|making|developing|designing|coding|preparing|creating)|i'?m building|i am building|my project is|(?:now|currently|these days|at the moment) i (?:write|build|make|develop|design|record)(?= (?:an?|my|our) ))\s+([^.;!?]{2,100})/i;
/** "I'm currently writing a fantasy novel": making something, told as what one is doing now. */
const MAKING =
  /\b(?:i'?m|i am)\s+(?:currently\s+|still\s+|slowly\s+)?((?:writing|making|creating|developing|designing|preparing|researching|editing|translating|recording|composing|knitting|sewing|restoring|renovating|coding|programming|drafting|producing|directing|shooting|illustrating)\s+(?:an?|my|our|the|another|some)\s+(?!(?:(?:quick|late|early|big|little|packed)\s+)?(?:lunch|dinner|breakfast|brunch|tea|supper|food|meal|snack|coffee|bath|bed)\b)[^.;!?,]{2,80})/i;

/**
 * Something one is learning or practising ("I've been learning the cello", "I'm practising the
 * violin every evening"): kept as what one is working on, said with its verb ("learning the cello").
 */
const LEARNING =
  /\b(?:i'?m|i am|i'?ve been|i have been|we'?re|we'?ve been)\s+(?:currently\s+|slowly\s+|still\s+|finally\s+|also\s+)?((?:learning|practising|practicing|studying)(?:\s+(?:to\s+\w+|how\s+to\s+\w+))?\s+(?:the\s+|some\s+|a\s+bit\s+of\s+)?[\p{L}][^.;!?,]{1,50}?)(?=\s+(?:for|since|at|with|because|and|but|so|now|on|in|every|each|most|all|this|daily|twice|lately|recently)\b|\s*[.;!?,]|\s*$)/iu;

/** Nouns for things people make as a project. */
const PROJECT_NOUNS =
  'app|game|board game|video game|website|site|novel|book|comic|zine|podcast|album|film|short film|documentary|startup|tool|bot|plugin|extension|script|blog|channel|newsletter|project|side project|web app|mod|font|musical|play';
/** "Tilly, a budgeting app I'm building", "Moss Lane — it's a podcast about hedges": a name, then what it is. */
const NAMED_PROJECT = new RegExp(
  `(${CAP}(?:\\s+${CAP})?)\\s*[,—–(:-]\\s*(?:(?:[Ii]t'?s|[Ii]t’s|[Ii]t is|which is)\\s+)?(?:(my|our)\\s+|[Aa]n?\\s+)?((?:[\\p{L}-]+\\s+){0,4}?(?:${PROJECT_NOUNS})\\b[^.;!?,()]{0,60})`,
  'u',
);
/** Words of time or manner that end what is worked on ("tilefall tonight", "the shed again"). */
const WORK_STOP =
  /\s+(?:tonight|today|this (?:week|weekend|morning|evening)|all (?:week|day|night)|again|instead|now|rn|atm|at the moment|lately|with (?:a|my|some) (?:friend|mate)s?|and (?:(?:tbh|ngl|honestly|also|i must say)\s+)?(?:i|i'?m|im|i am|my)\b|in (?:my|your|our) (?:free|spare) time)\b.*$/i;

/** What the sentence says the writer is working on, said back in the second person; null when none. */
export function projectOf(text: string): string | null {
  const named = NAMED_PROJECT.exec(text);
  const told =
    WORKING_ON.exec(text)?.[1] ?? MAKING.exec(text)?.[1] ?? LEARNING.exec(text)?.[1] ?? WORKING_LOOSE.exec(text)?.[1];
  // "Tilly, a budgeting app I'm building with a friend": what is built comes before the verb.
  const first = /^(?:with|for|at|in|on|since|because|from|by)\b/i.test(told ?? '') || !told;
  const value =
    named?.[1] && (first || (told ?? '').toLowerCase().startsWith(named[1].toLowerCase())) && FIRST_PERSON.test(text)
      ? `${named[1]}, ${named[2] ? 'your' : /^[aeiou]/i.test(named[3] ?? '') ? 'an' : 'a'} ${named[3]?.trim()}`
      : first
        ? null
        : (told as string)
            .replace(/\s*,\s*(?:its|it'?s|it is|which is)\b.*$/i, '')
            .replace(WORK_STOP, '')
            .replace(/(?:\s|\p{Extended_Pictographic}|\uFE0F)+$/u, '');
  return value ? capped(secondPerson(value)) : null;
}

const FIRST_PERSON = /\b(?:i|i'm|i've|my|me|we|our)\b/i;
