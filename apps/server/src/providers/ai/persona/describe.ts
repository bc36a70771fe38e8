/**
 * Saying remembered facts back in the second person ("your name is Sam, you live in Lisbon and
 * your greyhound is called Pepper").
 */
import type { MemoryFacts } from '@app/domain/chat';
import { describeAbout } from './relations';

/** "a, b and c" ('' for none). */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** How each fact reads when the avatar says what it dropped. */
export const FACT_LABELS: Readonly<Record<keyof MemoryFacts, string>> = {
  name: 'your name',
  location: 'where you live',
  occupation: 'your job',
  workingOn: 'what you are working on',
  likes: 'what you like',
  dislikes: "what you can't stand",
  diet: 'what you eat',
  plans: 'your plans',
  pets: 'your pets',
  about: 'what you told me about your people and things',
};

/** Pets said back, one phrase per kind ("your cats are called Salt and Vinegar"). */
export function describePets(list: NonNullable<MemoryFacts['pets']>): string[] {
  const byKind = new Map<string, string[]>();
  for (const p of list) byKind.set(p.kind ?? 'pet', [...(byKind.get(p.kind ?? 'pet') ?? []), p.name]);
  return [...byKind].map(([kind, names]) =>
    names.length > 1 ? `your ${kind}s are called ${joinList(names)}` : `your ${kind} is called ${names[0]}`,
  );
}

/** The facts as one sentence fragment ('' when nothing is known). */
export function describeFacts(facts: MemoryFacts): string {
  const parts: string[] = [];
  if (facts.name) parts.push(`your name is ${facts.name}`);
  if (facts.location) parts.push(`you live in ${facts.location}`);
  if (facts.occupation) {
    const o = facts.occupation;
    parts.push(
      /^(?:in|at|for)\s/.test(o)
        ? `you work ${o}`
        : /^(?:do|handle|run|look after|manage|cover)\s/.test(o)
          ? `you ${o}`
          : /(?:teacher|student)$/.test(o) && !/^(?:an?|the)\b/.test(o)
            ? `you're ${/^[aeiou]/i.test(o) ? 'an' : 'a'} ${o}`
            : `you work as ${/^[aeiou]/i.test(o) ? 'an' : 'a'} ${o}`,
    );
  }
  if (facts.workingOn) parts.push(`you're working on ${facts.workingOn}`);
  if (facts.likes?.length) parts.push(`you like ${joinList(facts.likes.slice(-3))}`);
  if (facts.dislikes?.length) parts.push(`you don't like ${joinList(facts.dislikes.slice(-3))}`);
  if (facts.diet?.length) parts.push(...facts.diet.slice(-3));
  if (facts.plans?.length) parts.push(...facts.plans.slice(-3));
  if (facts.pets?.length) parts.push(...describePets(facts.pets));
  if (facts.about?.length) parts.push(...facts.about.slice(-4).map(describeAbout));
  return joinList(parts);
}
