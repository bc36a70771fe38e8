/**
 * The on-chain `IAvatarNFT.AgentType` enum (a uint8) and the app's agent type names. The order is the
 * order of `AGENT_TYPES` in packages/domain (SPEC §1: HACKER, CREATOR, HUSTLER).
 */

/** Agent type name → its uint8 code in AvatarNFT. */
export const AGENT_TYPE_CODES = { HACKER: 0, CREATOR: 1, HUSTLER: 2 } as const;

/** An agent type name as the app spells it. */
export type AgentTypeName = keyof typeof AGENT_TYPE_CODES;
/** The uint8 code AvatarNFT stores. */
export type AgentTypeCode = (typeof AGENT_TYPE_CODES)[AgentTypeName];

const NAMES = Object.keys(AGENT_TYPE_CODES) as AgentTypeName[];

/** The uint8 code of an agent type name, for `mint` and mint vouchers. */
export function agentTypeCode(name: AgentTypeName): AgentTypeCode {
  return AGENT_TYPE_CODES[name];
}

/**
 * The agent type name of a code read from the chain (`avatarOf(tokenId).agentType`).
 * @throws RangeError when the code is not 0, 1 or 2.
 */
export function agentTypeName(code: number): AgentTypeName {
  const name = NAMES[code];
  if (name === undefined) throw new RangeError(`unknown agent type code ${code}`);
  return name;
}
