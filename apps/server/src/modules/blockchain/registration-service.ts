/**
 * ERC-8004 registration files: the JSON every agent's URI resolves to. App avatars are
 * tokens of the Identity Registry (AvatarNFT, agentId = tokenId) whose tokenURI is the base URI + tokenId,
 * i.e. `${PUBLIC_URL}/api/nft/metadata/<tokenId>`; every edition of a series, however it was minted
 * (server mint, voucher, wallet purchase, card sale), resolves to its series' file built from the DB.
 * The ERC's fields come first; ERC-721 metadata fields (`attributes`, `external_url`) stay for wallets.
 */
import { A2A_PROTOCOL_VERSION } from '@a2a-js/sdk';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarEditions, avatars } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { avatarNftAbi } from '../../providers/chain/abis';
import type { ChainService } from '../../providers/chain/chain-service';
import { agentEndpoints } from '../agents/agent-access-service';

/** The ERC-8004 registration file type. */
export const REGISTRATION_TYPE = 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1';

/** One advertised service: `{ name, endpoint, version? }` (web, A2A, MCP, …). */
export interface RegistrationService {
  name: string;
  endpoint: string;
  version?: string;
}

/** Registration file of one agent (ERC-8004 §Identity Registry, "agent registration file"). */
export interface RegistrationFile {
  type: typeof REGISTRATION_TYPE;
  name: string;
  description: string;
  image: string;
  services: RegistrationService[];
  x402Support: boolean;
  active: boolean;
  registrations: { agentId: number; agentRegistry: string }[];
  supportedTrust: string[];
  external_url: string;
  attributes: { trait_type: string; value: string | number; display_type?: string }[];
}

/**
 * Builds the registration file of token `tokenId` of the Identity Registry.
 * @param origin the public origin (PUBLIC_URL from configuration), e.g. https://app.example
 * @param extraServices more services to advertise, appended after `web` and, for an avatar its owner
 *   made public, its `MCP` endpoint and `A2A` agent card
 * @throws HttpError 404 when no app avatar is behind the token
 */
export async function registrationFile(
  db: Db,
  chain: ChainService,
  tokenId: number,
  origin: string,
  extraServices: RegistrationService[] = [],
): Promise<RegistrationFile> {
  const a = await avatarOfToken(db, chain, tokenId);
  if (!a) throw new HttpError(404, 'Token not found');
  const [edition] = await db
    .select({ edition: avatarEditions.edition })
    .from(avatarEditions)
    .where(eq(avatarEditions.tokenId, tokenId))
    .limit(1);
  const type = a.agentType.charAt(0) + a.agentType.slice(1).toLowerCase();
  const description =
    a.description?.trim() ||
    `${a.name} is a ${type} AI avatar, edition ${edition?.edition ?? a.edition} of ${a.maxEditions}.`;
  const page = new URL(`/avatar/${a.id}`, origin).href;
  const agent = agentEndpoints(origin, a.id);
  // The MCP SDK's types module (zod schemas, several MB) loads with the first registration file.
  const { LATEST_PROTOCOL_VERSION } = await import('@modelcontextprotocol/sdk/types.js');
  const callable: RegistrationService[] =
    a.agentPublic && a.isActive
      ? [
          { name: 'MCP', endpoint: agent.mcpUrl, version: LATEST_PROTOCOL_VERSION },
          { name: 'A2A', endpoint: agent.agentCardUrl, version: A2A_PROTOCOL_VERSION },
        ]
      : [];
  return {
    type: REGISTRATION_TYPE,
    name: a.name,
    description,
    image: new URL(a.thumbnailUrl ?? `/api/nft/metadata/${tokenId}/image.svg`, origin).href,
    services: [{ name: 'web', endpoint: page }, ...callable, ...extraServices],
    x402Support: false,
    // Archived avatars stay on chain but no longer serve.
    active: a.isActive,
    registrations: [{ agentId: tokenId, agentRegistry: `eip155:${chain.chain.id}:${chain.addresses.avatarNFT}` }],
    supportedTrust: ['reputation', 'validation'],
    external_url: page,
    attributes: [
      { trait_type: 'Agent Type', value: a.agentType },
      { trait_type: 'Level', value: a.level, display_type: 'number' },
      { trait_type: 'Experience', value: a.experiencePoints, display_type: 'number' },
      { trait_type: 'Edition', value: edition?.edition ?? a.edition },
      { trait_type: 'Max Editions', value: a.maxEditions },
    ],
  };
}

/** The app avatar (series) behind a token: by the recorded edition, the first mint, or the chain. */
async function avatarOfToken(db: Db, chain: ChainService, tokenId: number) {
  const [byEdition] = await db
    .select({ a: avatars })
    .from(avatarEditions)
    .innerJoin(avatars, eq(avatars.id, avatarEditions.avatarId))
    .where(eq(avatarEditions.tokenId, tokenId))
    .limit(1);
  if (byEdition) return byEdition.a;
  const [byToken] = await db.select().from(avatars).where(eq(avatars.tokenId, tokenId)).limit(1);
  if (byToken) return byToken;
  // An edition the DB has not recorded yet (e.g. a wallet mint before its receipt was posted).
  const onChain = await chain.publicClient
    .readContract({
      address: chain.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'avatarOf',
      args: [BigInt(tokenId)],
    })
    .catch(() => null);
  const avatarId = onChain ? Number((onChain as { avatarId: bigint }).avatarId) : 0;
  if (!avatarId) return null;
  const [bySeries] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
  return bySeries ?? null;
}

/**
 * A placeholder image (SVG, cyberpunk palette, the avatar's initials) for tokens whose avatar has no
 * portrait yet, so every registration file's `image` is reachable.
 * @throws HttpError 404 when no app avatar is behind the token
 */
export async function placeholderImage(db: Db, chain: ChainService, tokenId: number): Promise<string> {
  const a = await avatarOfToken(db, chain, tokenId);
  if (!a) throw new HttpError(404, 'Token not found');
  const initials =
    a.name
      .replace(/[^\p{L}\p{N} ]/gu, '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '#';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="#0a0a12"/><rect x="16" y="16" width="480" height="480" fill="none" stroke="#00f0ff" stroke-width="4"/><text x="256" y="300" font-family="monospace" font-size="160" fill="#ff2bd6" text-anchor="middle">${initials}</text></svg>`;
}
