/**
 * Avatar vocabulary shared by server and web (SPEC §3 Avatar, §9 defaults).
 */
import { z } from 'zod';

/** SPEC §1: avatar types. Default CREATOR (SPEC §9). */
export const AGENT_TYPES = ['HACKER', 'CREATOR', 'HUSTLER'] as const;
export const AgentTypeSchema = z.enum(AGENT_TYPES);
export type AgentType = z.infer<typeof AgentTypeSchema>;
export const DEFAULT_AGENT_TYPE: AgentType = 'CREATOR';

/** SPEC §7: the studio always sends these traits unless the user changes them (BEYOND: editable). */
export const DEFAULT_PERSONALITY_TRAITS = ['curious', 'helpful', 'creative'] as const;
