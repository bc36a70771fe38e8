/**
 * The user's animals and their names, from a sentence that mentions an animal: "my cat Miso", "two
 * cats, Salt and Vinegar", "a lurcher called Dot", "Gherkin (my iguana)", and a name said first and
 * the animal after it ("walked Pip twice, she's a whippet").
 */
import { isInterjection } from './discourse-words';
import { isKnownWord } from './english-words';
import { allLowerCase, lowerCaseNameAfter, readsAsName } from './fact-lowercase';
import { ANIMAL, ANIMALS, CAP, NOT_NAMES, properCase } from './fact-words';
import { parse } from './parse';
import { peopleOnly } from './relations';

/** Names listed before the animal they are ("Luna and Sol, my two rabbits"), as typed or all in lower case. */
const CAP_LIST = `${CAP}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*&\\s*)${CAP})*`;
const LOWER_LIST = "[\\p{Ll}][\\p{Ll}'-]+";

/** A pet's name, with a title some carry ("Mr Whiskers", "Captain Fluff"). */
const PET_NAME = `(?:(?:Mr|Mrs|Miss|Ms|Dr|Sir|Lady|Lord|Captain|Princess|Prince|King|Queen|Professor|Prof|Little|Big|Baby)\\.?\\s+)?${CAP}`;

/** Pets named in a sentence that mentions an animal: "my cat Miso", "two cats, Salt and Vinegar". */
export function petsOf(text: string): { kind: string | null; name: string }[] {
  // "a cat named Marmalade and a lurcher called Dot": each animal with the words up to the next.
  // An animal word right after "called" is a name ("a cat called Mouse"), not another pet.
  const starts = [...text.matchAll(new RegExp(ANIMAL.source, 'gi'))]
    .map((m) => m.index ?? 0)
    .filter((at) => !/\b(?:called|named|name is|name's)\s+$/i.test(text.slice(0, at)))
    // "…, and Pepper, my dog, …": the name said before "my <animal>" goes with that animal.
    .map((at, k) => {
      const apposed = k === 0 ? null : (allLowerCase(text) ? APPOSED_LOWER : APPOSED_NAME).exec(text.slice(0, at));
      return apposed && !NAMED_BEFORE.test(text.slice(0, apposed.index)) ? apposed.index : at;
    });
  if (starts.length < 2) return petsIn(text);
  // "we have a collie named Bess and two cats, Tom and Jerry": the "we have" covers every animal.
  const owned = OWNED.test(text);
  return starts.flatMap((at, k) => petsIn(text.slice(k === 0 ? 0 : at, starts[k + 1] ?? text.length), owned));
}

/** Words that give the name after them to someone other than the animal that follows. */
const NAMED_BEFORE = /\b(?:name(?:'s|’s| is| was)|i'?m|i’m|i am|call me|called|named|this is|it'?s|it’s)\s*$/i;

/** A name, then "my"/"our" and up to two words, just before an animal word ("Pepper, my "). */
const APPOSED_NAME = new RegExp(`${CAP}\\s*[(,—–-]\\s*(?:my|our)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?$`, 'u');

/** The same in a message typed all in lower case ("pepper (my cat) and rocco (my dog)"). */
const APPOSED_LOWER = /[\p{Ll}][\p{Ll}'-]+\s*[(,—–-]\s*(?:my|our)\s+(?:[\p{Ll}-]+\s+){0,2}?$/u;

/** Where a sentence turns to another of the writer's people or things ("…, and my aunt …"). */
const NEW_CLAUSE = /\b(?:and|but|while|whereas|plus)\s+(?:my|our|his|her|their)\b/i;

/** Words that make an animal the writer's (or name it). */
const OWNED =
  /^\W*(?:two|three|four|five|six|\d+)\s|\b(?:my|our|(?:i|we)(?:'ve)? (?:got|have|own|keep)|adopted|rescued|got a|named|called|call(?:s|ing)? (?:him|her|it|them)|his name|her name|their names?)\b/i;

function petsIn(text: string, owned = false): { kind: string | null; name: string }[] {
  const animal = ANIMAL.exec(text);
  if (!animal) return [];
  // "our dog grooming salon", "a cat café": the animal names a trade, not a pet.
  if (
    /^\s+(?:grooming|walking|walker|sitting|sitter|food|treats?|toys?|salon|shop|caf[eé]|rescue|shelter|hotel|show|training|trainer|daycare|boarding|groomer|groomers)(?![\p{L}])/iu.test(
      text.slice(animal.index + animal[0].length),
    )
  ) {
    return [];
  }
  // "walked Pip twice, she's a whippet": the animal said of a name the writer mentioned.
  const said = SAID_OF.test(text);
  // "Name: Ilkka. dog: Rusty": an animal labelling a note of the writer's, a name after the label.
  // "pet: hamster Mochi": the label "pet", then the animal and its name.
  const labelled = new RegExp(
    `(?:^|[,;(]\\s*)(?:(?:${ANIMALS})s?\\s*:\\s*|pets?\\s*:\\s*(?:an?\\s+|my\\s+)?(?:${ANIMALS})s?\\s+)${CAP}`,
    'iu',
  ).test(text);
  if (!owned && !OWNED.test(text) && !said && !labelled) return [];
  // "my sis's kid has a bearded dragon called Gary", "the neighbours husky Luna": someone else's animal.
  const told = text.slice(0, animal.index);
  if (peopleOnly(told) || /\bneighbou?r['’]?s\s+$/i.test(told)) return [];
  const kind = (animal[1] as string).toLowerCase();
  const after = text.slice(animal.index + animal[0].length);
  const names: string[] = [];
  const naming = new RegExp(
    `\\b(?:[Cc]alled|[Nn]amed(?:\\s+(?:him|her|them|it))?|[Cc]all(?:s|ing)?\\s+(?:him|her|them|it)|(?:answers|goes) (?:to|by)(?: the name)?|name is|name's|names are|(?:[Hh]is|[Hh]er|[Ii]ts|[Tt]heir) names?(?=\\s+\\p{Lu}))\\s+(${PET_NAME}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*&\\s*)${PET_NAME})*)`,
    'u',
  ).exec(text);
  // "i got a cat named taco", "my dogs name is chewie": in a message typed all in lower case, the
  // word after a naming verb is the name.
  const lowerNamings = allLowerCase(text)
    ? [
        ...text.matchAll(
          /\b(?:called|named|name is|names? are|name's|names)\s+([\p{Ll}][\p{Ll}'-]+(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)[\p{Ll}][\p{Ll}'-]+)*)/gu,
        ),
      ]
    : [];
  // "my brother is called Osric and my parrot Juniper …": a naming verb names the animal only when
  // it follows it in the same clause; before it, or after a new "and my …", it names someone else.
  const nameAfter = (m: RegExpExecArray | RegExpMatchArray | null | undefined) =>
    m && (m.index ?? 0) > animal.index && !NEW_CLAUSE.test(text.slice(animal.index, m.index)) ? m : null;
  const lowerNamed = nameAfter(lowerNamings.find((m) => (m.index ?? 0) > animal.index));
  const named = nameAfter(naming) ?? (lowerNamed ? [lowerNamed[0], properCase(lowerNamed[1] as string)] : null);
  // "my ferret Bandit", "two rabbits last year, Pip and Squeak": names right after the animal or
  // after a few words and a comma.
  const direct = new RegExp(
    `^(?:\\s+[\\p{Ll}]+){0,4}?\\s*[,—–:-]?\\s*(${PET_NAME}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*&\\s*)${PET_NAME})*)`,
    'u',
  ).exec(after);
  // "Gherkin (my iguana)", "Bo, our old spaniel": the name just before the animal it is.
  // In a message typed all in lower case the name is lower case too ("me n pip (my whippet)").
  const lower = allLowerCase(text);
  const before = new RegExp(
    `(?:(${lower ? LOWER_LIST : CAP_LIST})\\s*[(,—–-]\\s*|^\\W*(${lower ? "[\\p{Ll}][\\p{Ll}'-]+" : CAP})\\s+)(?:my|our)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?(?:${ANIMALS})(?:s|es)?\\b`,
    'u',
  ).exec(text);
  // "gustavo my tortoise is …": a name opening the sentence, then "my <animal>".
  let beforeName = before?.[1] ?? (before && isNameWord(text, before[2] as string) ? before[2] : undefined);
  // "my name is Oksana, my cat …", "a dog called Rex, my cat …": that name is someone else's.
  if (before && NAMED_BEFORE.test(text.slice(0, before.index))) beforeName = undefined;
  if (beforeName && lower) beforeName = properCase(beforeName);
  // "the smartest dog in all of Queensland": a capitalised word after a preposition is a place.
  const directName =
    direct?.[1] &&
    !shouted(direct[1]) &&
    !/\b(?:in|of|from|at|to|near|around|across|on|for)\s*$/i.test(direct[0].slice(0, -direct[1].length))
      ? direct[1]
      : undefined;
  // "Apologies, my cat Mochi …": a name right after the animal is its name, whatever came before.
  const rightAfter = direct?.[1] && directName && /^\s*[,—–:-]?\s*$/.test(direct[0].slice(0, -direct[1].length));
  const source =
    named?.[1] ??
    (rightAfter ? directName : null) ??
    (beforeName && !NOT_NAMES.has(beforeName) && !isInterjection(beforeName) ? beforeName : null) ??
    directName ??
    (said ? referentOf(text, SAID_OF.exec(text)?.index ?? 0) : null) ??
    lowerCaseNameAfter(text, animal.index + animal[0].length, (w) => PET_THINGS.test(w) || ANIMAL.test(w)) ??
    '';
  for (const n of source.split(/\s*,\s*|\s+and\s+|\s*&\s*/)) {
    const name = n.trim();
    // "a cat called Mouse": after "called" an animal word is the name.
    const animalWord = ANIMAL.test(name) && !named?.[1];
    // "my dog pepper AGAIN": a word shouted in capitals is no name.
    if (name && !NOT_NAMES.has(name) && !animalWord && !shouted(name) && name.length <= 40) names.push(name);
  }
  return names.map((name) => ({ kind: /^(?:kitty|tabby|moggy|moggie)$/.test(kind) ? 'cat' : kind, name }));
}

/** An animal said of someone already named: "he's a beagle", "she's our old collie". */
const SAID_OF = new RegExp(
  `\\b(?:he|she|it)(?:'s|’s| is)\\s+(?:an?|my|our)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?(?:${ANIMALS})\\b`,
  'iu',
);

/**
 * The name an animal is said of: the nearest capitalised word before it that is no sentence word
 * and no place (not after "in", "to", "from" …).
 */
function referentOf(text: string, saidAt: number): string | null {
  const head = text.slice(0, saidAt);
  const names = [...head.matchAll(new RegExp(`(?<![\\p{L}'’])(${CAP})`, 'gu'))].filter((m) => {
    const word = m[1] as string;
    const prev = head.slice(0, m.index).trim().split(/\s+/).at(-1) ?? '';
    return (
      !NOT_NAMES.has(word.replace(/['’]\w+$/, '')) &&
      !/^(?:in|to|from|at|near|of|on|for|with)$/i.test(prev) &&
      !ANIMAL.test(word)
    );
  });
  return (names.at(-1)?.[1] as string | undefined) ?? null;
}

/** A word the tagger reads as a name or noun where it stands ("gustavo my tortoise"), not a verb ("name my chickens"). */
function isNameWord(text: string, word: string): boolean {
  const token = parse(text).sentences[0]?.tokens.find((t) => t.text === word);
  return token !== undefined && readsAsName(token);
}

/** "my dog pepper AGAIN": a word shouted in capitals is no name. */
function shouted(word: string): boolean {
  return /^\p{Lu}{3,}$/u.test(word) && isKnownWord(word.toLowerCase());
}

/** Things of an animal's that follow its word ("my dog food", "my cat hair is everywhere"), not its name. */
const PET_THINGS =
  /^(?:hair|fur|food|bowl|pic|pics|picture|pictures|photo|photos|drawing|painting|portrait|art|image|sketch|toys?|bed|lead|leash|collar|flap|litter|tray|cage|tank|hutch|crate|vet|insurance|sitter|walker|treats?|basket|door|name|names|called|named|age|breed|hates|loves|is|was|has|had|and|or|but|keeps|just|yesterday|today|tonight|tomorrow|again|too|now|lol|haha|though|tho|everywhere|anymore)$/;
