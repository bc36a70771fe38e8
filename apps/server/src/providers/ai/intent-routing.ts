/**
 * From a recognised intent to what the avatar offers: the actions on the reply and the task
 * suggestion `{platform, action, xpReward}` (SPEC §2 avatar chat page, §3). Shared by every chat
 * provider so that an LLM cannot invent actions, platforms or rewards: it picks the intent and
 * at most a task action, and this table fills in the rest.
 */
import type { AgentType } from '@app/domain/avatar';
import type { ChatAction, Intent, TaskSuggestion } from '@app/domain/chat';
import { TASK_XP_REWARDS } from '@app/domain/training';

/**
 * Where each task action runs. Base is the product's chain (SPEC §1); Farcaster is where posts go
 * (SPEC §2 farcaster task type); sites are served by us ("Web"); code projects are the spec's
 * "replit creation" (SPEC §2).
 */
export const TASK_PLATFORMS: Readonly<Partial<Record<ChatAction, string>>> = {
  mint_art_nft: 'Base',
  verify_task: 'Base',
  learn_skill: 'Base',
  list_skill: 'Base',
  deploy_website: 'Web',
  code_project: 'Replit',
  farcaster_post: 'Farcaster',
};

/** The task each agent type proposes when it introduces itself (its signature move). */
export const SIGNATURE_ACTION: Readonly<Record<AgentType, ChatAction>> = {
  HACKER: 'deploy_website',
  CREATOR: 'mint_art_nft',
  HUSTLER: 'farcaster_post',
};

/** What each agent type lists when asked what it can do, strongest first. */
export const CAPABILITY_ACTIONS: Readonly<Record<AgentType, ChatAction[]>> = {
  HACKER: ['code_project', 'deploy_website', 'verify_task', 'learn_skill'],
  CREATOR: ['generate_image', 'mint_art_nft', 'farcaster_post', 'learn_skill'],
  HUSTLER: ['farcaster_post', 'view_marketplace', 'list_skill', 'deploy_website'],
};

/**
 * The suggestion for a task action, with the canonical platform and XP reward
 * (`TASK_XP_REWARDS`, packages/domain/training.ts), or null for actions that are not tasks.
 */
export function taskSuggestionForAction(action: ChatAction): TaskSuggestion | null {
  const platform = TASK_PLATFORMS[action];
  const xpReward = TASK_XP_REWARDS[action];
  if (!platform || xpReward <= 0) return null;
  return { platform, action, xpReward };
}

/** Details that change the routing of an intent. */
export interface RoutingDetails {
  agentType: AgentType;
  /** For `build_website`: the user asked for an app or code project rather than a site. */
  codeProject?: boolean;
}

/**
 * Actions offered for an intent. `make_art` → generate_image + mint_art_nft; `build_website` →
 * deploy_website (or code_project); `social_post` → farcaster_post; `market` → view_marketplace +
 * list_skill; greeting → the type's signature action; capabilities → the type's list; other → none.
 */
export function actionsForIntent(intent: Intent, details: RoutingDetails): ChatAction[] {
  switch (intent) {
    case 'greeting':
      return [SIGNATURE_ACTION[details.agentType]];
    case 'capabilities':
      return [...CAPABILITY_ACTIONS[details.agentType]];
    case 'make_art':
      return ['generate_image', 'mint_art_nft'];
    case 'mint_nft':
      return ['mint_art_nft'];
    case 'build_website':
      return details.codeProject ? ['code_project'] : ['deploy_website'];
    case 'social_post':
      return ['farcaster_post'];
    case 'learn_skill':
      return ['learn_skill'];
    case 'market':
      return ['view_marketplace', 'list_skill'];
    case 'verify_task':
      return ['verify_task'];
    case 'other':
      return [];
  }
}

/**
 * The task proposed for an intent: the type's signature task for greeting and capabilities,
 * otherwise the first task action among its actions; null for `other`.
 */
export function taskSuggestionForIntent(intent: Intent, details: RoutingDetails): TaskSuggestion | null {
  if (intent === 'greeting' || intent === 'capabilities') {
    return taskSuggestionForAction(SIGNATURE_ACTION[details.agentType]);
  }
  for (const action of actionsForIntent(intent, details)) {
    const suggestion = taskSuggestionForAction(action);
    if (suggestion) return suggestion;
  }
  return null;
}
