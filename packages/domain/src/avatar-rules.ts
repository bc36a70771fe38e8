/**
 * Avatar vocabulary shared by server and web (SPEC §3 Avatar, §9 defaults), without zod: types,
 * defaults and limits. avatar.ts re-exports all of this next to the API's schemas; the web imports
 * this module, so a page that only needs a limit does not load zod.
 */

/** SPEC §1: avatar types. Default CREATOR (SPEC §9). */
export const AGENT_TYPES = ['HACKER', 'CREATOR', 'HUSTLER'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export const DEFAULT_AGENT_TYPE: AgentType = 'CREATOR';

/** SPEC §7: the studio always sends these traits unless the user changes them (BEYOND: editable). */
export const DEFAULT_PERSONALITY_TRAITS = ['curious', 'helpful', 'creative'] as const;

/** SPEC §5: 'Avatar name is required'. Name up to 60 chars, description up to 1000 (ours). */
export const AVATAR_NAME_MAX = 60;
export const AVATAR_DESCRIPTION_MAX = 1000;

/** Capabilities an avatar starts with, by type (shown as the capability count in AI_CHAT). */
export const DEFAULT_CAPABILITIES: Record<AgentType, string[]> = {
  HACKER: ['code_review', 'smart_contract_audit', 'deploy_website', 'verify_task'],
  CREATOR: ['generate_image', 'mint_art_nft', 'deploy_website', 'farcaster_post'],
  HUSTLER: ['market_analysis', 'farcaster_post', 'list_skill', 'negotiate'],
};
