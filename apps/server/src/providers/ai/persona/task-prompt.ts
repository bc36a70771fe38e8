/**
 * The prompt a task suggestion carries, from the dialogue memory: the draft's request or art prompt
 * with what the conversation added (the user's city, name and work, the business described).
 */
import type { DialogueMemory } from '@app/domain/chat';
import { extractTaskSlots } from './slots';

/** A request that names whom the work is for ("a site for the library", "for Priya's bakery"). */
const FOR_SOMEONE =
  /\b(?:for|about)\s+(?:the|a|an|his|her|their|my (?:friend|sister|brother|mum|mom|dad|boss|client|cousin|aunt|uncle|neighbou?r|partner|wife|husband)|[\p{Lu}])/u;

/**
 * The task prompt a suggestion carries: the art prompt of the piece discussed, or the request that
 * opened the topic with what the conversation added (the business described, the news shared) —
 * and the user's city added to "my …" requests that name no place, their name and work to a "my …"
 * site.
 */
export function taskPrompt(action: string, memory: DialogueMemory): string | undefined {
  const last = memory.lastTask;
  if (!last) return undefined;
  if (action === 'mint_art_nft' || action === 'generate_image') return last.imagePrompt ?? undefined;
  let prompt = last.request;
  if (action === 'farcaster_post' && last.act === 'make_art' && last.imagePrompt) {
    prompt = `a post about the artwork "${last.imagePrompt}"`;
  }
  if (
    (action === 'deploy_website' || action === 'code_project' || action === 'farcaster_post') &&
    memory.facts.location &&
    /\b(?:my|our)\b/i.test(prompt) &&
    !extractTaskSlots(prompt).place
  ) {
    prompt = `${prompt} in ${memory.facts.location}`;
  }
  // "make a page for my classes" after "my name's Priya and I teach yoga": whose site it is, from the
  // facts the user told, when no business described earlier says it already.
  const business = memory.context?.business;
  if (
    action === 'deploy_website' &&
    (/\b(?:my|me|i)\b/i.test(last.request) || !FOR_SOMEONE.test(last.request)) &&
    !(business && prompt.includes(business))
  ) {
    const who = [memory.facts.name, memory.facts.occupation].filter((w): w is string =>
      Boolean(w && !prompt.includes(w)),
    );
    if (who.length) prompt = `${prompt} (for ${who.join(', ')})`;
  }
  return prompt.slice(0, 500);
}
