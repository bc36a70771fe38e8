import type { AgentType, Avatar } from '@app/domain/avatar';
import type { ChatAction, TaskSuggestion } from '@app/domain/chat';
import { TASK_XP_REWARDS } from '@app/domain/training';

/**
 * Each type's signature task and where it runs — the same choice the server's persona makes when it
 * introduces itself (apps/server/src/providers/ai/intent-routing.ts SIGNATURE_ACTION/TASK_PLATFORMS).
 */
const SIGNATURE: Record<AgentType, { action: ChatAction; platform: string; line: string }> = {
  HACKER: { action: 'deploy_website', platform: 'Web', line: 'Terminal is hot. Give me a target and I will ship it.' },
  CREATOR: {
    action: 'mint_art_nft',
    platform: 'Base',
    line: 'My canvas is glowing — shall we make something worth minting?',
  },
  HUSTLER: {
    action: 'farcaster_post',
    platform: 'Farcaster',
    line: 'Markets are moving. Let us get your name in front of people.',
  },
};

/** SPEC §2: the opening greeting of the avatar chat page, with a task suggestion. */
export function openingGreeting(avatar: Pick<Avatar, 'name' | 'agentType' | 'level'>): {
  content: string;
  taskSuggestion: TaskSuggestion;
} {
  const sig = SIGNATURE[avatar.agentType] ?? SIGNATURE.CREATOR;
  return {
    content: `Neural link established. ${avatar.name} online at level ${avatar.level ?? 1}. ${sig.line}`,
    taskSuggestion: { platform: sig.platform, action: sig.action, xpReward: TASK_XP_REWARDS[sig.action] },
  };
}

/** SPEC §8: the canned text shown when a reply carries no text. */
export const MISSING_REPLY_TEXT = 'Neural pathways are still processing. Please try again in a moment.';
