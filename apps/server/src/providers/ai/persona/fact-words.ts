/**
 * Words the fact readers share: the animals people keep, what a name looks like, which capitalised
 * words are no name, and how a value is trimmed and bounded.
 */
import { MEMORY_FACT_MAX_CHARS } from '@app/domain/chat';
import { isKindOf } from './word-kinds';

/** Animals people keep, singular (a plural "cats" is read as "cat"). */
export const ANIMALS =
  'cat|kitten|kitty|tabby|moggy|moggie|dog|puppy|pup|labradoodle|cockapoo|cavapoo|staffy|staffie|alsatian|westie|frenchie|bulldog|dalmatian|rottweiler|schnauzer|sheepdog|greyhound|whippet|lurcher|labrador|lab|spaniel|kelpie|heeler|cavoodle|groodle|akita|malamute|samoyed|pomeranian|maltese|vizsla|weimaraner|boxer|mastiff|doberman|pointer|setter|springer|cocker|jack russell|shih tzu|terrier|poodle|collie|shiba|pug|beagle|dachshund|husky|retriever|corgi|chihuahua|hamster|gerbil|guinea pig|rabbit|bunny|parrot|budgie|bird|canary|cockatiel|tortoise|turtle|snake|lizard|bearded dragon|chameleon|skink|gecko|iguana|python|tarantula|frog|toad|newt|fish|goldfish|horse|pony|ferret|rat|mouse|chinchilla|hedgehog|chicken|hen|goat|pig|axolotl|german shepherd|shepherd|cockatoo|parakeet|lovebird|duck|donkey|alpaca|hermit crab|koi';
export const ANIMAL = new RegExp(`\\b(${ANIMALS})(?:s|es)?\\b`, 'i');

/** A capitalised word that can be a name (not "I", not a sentence word like "The"). */
export const CAP = "[\\p{Lu}][\\p{L}'’-]{0,40}";
export const NOT_NAMES = new Set(
  'Brb Omg Idk Tbh Ngl Rn Fyi Afk Gtg Ttyl Lmao Smh Imo Irl I Im The A An And But So Just Really Very Not Here There Sorry Actually Hi Hey Hello Ok Okay Yes No Thanks Thank Also Well Oh Btw Anyway Lol Please Fine Good Great Back Off Done Going Still Always Never Tired Happy Sad Down Out In On New Old Ready Sure From At She He They It We You Her His Their Them Him Its Our My Human Kidding Joking'.split(
    ' ',
  ),
);

// Contractions of "I am" look capitalised too ("my dog is sick and I'm worried").
for (const w of ["I'm", 'I’m', "I'd", "I've", "I'll"]) NOT_NAMES.add(w);

/** A fact value trimmed of end punctuation, or null when empty or too long. */
export function capped(value: string): string | null {
  const v = value.trim().replace(/[.,!?;:]+$/, '');
  if (!v || v.length > MEMORY_FACT_MAX_CHARS) return null;
  return v;
}

/** Title-cases a name typed in lower case ("sam" → "Sam"). */
export function properCase(value: string): string {
  return value.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, c: string) => `${s}${c.toUpperCase()}`);
}

/** Role nouns by their endings, plus common ones that do not follow them. */
export const ROLE_END =
  /(?:er|or|ist|ian|ant|ent|eer|ographer|man|woman|person|ologist|smith|wright|maker|monger|yst|ee|ary|tive)$/i;
export const ROLES = new Set(
  'nurse chef cook vet doctor medic student barista lawyer pilot coach clerk nanny midwife surgeon dentist firefighter sailor soldier paramedic pharmacist architect artist engineer teacher plumber electrician carpenter builder farmer florist baker butcher cleaner carer postie mechanic dev developer designer freelancer consultant accountant'.split(
    ' ',
  ),
);
/** Words with a role's ending that name no job ("being a parent is hard"). */
export const NOT_ROLES =
  /^(?:parent|adult|patient|resident|client|customer|member|owner|fan|beginner|winner|loser|mother|father|brother|sister|daughter|partner|neighbour|neighbor|person|woman|man)$/i;
/** Nouns after "I'm a" that are no job whatever the context. */
export const NOT_JOBS =
  /^(?:mess|wreck|fan|mum|mom|dad|parent|grandparent|vegetarian|vegan|veggie|local|newbie|beginner|night owl|morning person|bit|lot|little|big|huge|real|total|complete|mix|lover|nerd|geek|fool|idiot|regular|guest|member|visitor|tourist|customer|stranger|newcomer|teenager|teen|kid|child|toddler|youngster|grown-up|outsider|foreigner|insider|introvert|extrovert|perfectionist|optimist|pessimist)$/i;

/** The kinds WordNet files jobs under ("paramedic" is a worker, "librarian" a professional). */
const JOB_KINDS = ['worker', 'professional', 'craftsman', 'artisan', 'expert', 'educator', 'caregiver', 'employee'];

/**
 * Whether a noun names a job ("nurse", "welder", "florist", "paramedic", "librarian"), not a
 * person's tie ("parent"): a listed role, a role's ending, or a noun WordNet files under a kind of
 * worker ({@link JOB_KINDS}).
 */
export function isRole(noun: string): boolean {
  if (noun.length < 3 || NOT_ROLES.test(noun) || NOT_JOBS.test(noun)) return false;
  return ROLES.has(noun) || ROLE_END.test(noun) || JOB_KINDS.some((k) => isKindOf(noun, k));
}
