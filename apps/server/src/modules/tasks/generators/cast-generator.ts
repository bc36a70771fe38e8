/**
 * The embedded cast writer (no model configured): the topic of a Farcaster request and a short
 * cast about it in the avatar type's voice, plus the compose link a user opens to post a draft.
 */
import type { AgentType } from '@app/domain/avatar';
import { extractTaskSlots } from '../../../providers/ai/persona/slots';

/** A Farcaster client's compose link for a draft (opened by the user; nothing is posted by us). */
export function farcasterComposeUrl(text: string): string {
  return `https://farcaster.xyz/~/compose?text=${encodeURIComponent(text)}`;
}

/** What a cast request is about: the subject slot, else the request minus its request words. */
export function castTopic(prompt: string): string {
  const slots = extractTaskSlots(prompt);
  const topic = (slots.subject ?? prompt)
    .replace(/^(?:a |an |the )?(?:post|cast|tweet|thread|update|announcement)\s+(?:about|on|for)\s+/i, '')
    .trim();
  return topic.slice(0, 160);
}

/** An offline cast about `topic` in the avatar type's voice (SPEC §1 types). */
export function composeCast(type: AgentType, name: string, topic: string): string {
  const t = topic.replace(/^(?:our|my)\s+/i, (m) => (m.toLowerCase().startsWith('our') ? 'our ' : 'my '));
  switch (type) {
    case 'HACKER':
      return `shipped: ${t}. small diff, big impact. built and verified on Base. questions welcome. — ${name}`;
    case 'HUSTLER':
      return `Big news: ${t}! 🚀 Early supporters get in first — reply if you want in. Let's go! — ${name}`;
    default:
      return `Something new: ${t} ✨ Made with care, colour and a lot of late nights. Tell me what you think! — ${name}`;
  }
}
