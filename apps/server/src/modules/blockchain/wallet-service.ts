/**
 * Wallet ownership by signed message (EIP-4361 Sign-In with Ethereum): the server issues a
 * single-use nonce bound to the session; the wallet signs a SIWE message for the app's configured
 * public origin with it; the server checks every field against configuration and then the
 * signature (EOA, EIP-1271 contract wallet or EIP-6492 via the chain).
 */
import { and, eq, ne } from 'drizzle-orm';
import { getAddress, type Hex, type PublicClient } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

type UserRow = typeof users.$inferSelect;

/** Clock skew tolerated between the wallet's clock and ours on issuedAt/expirationTime/notBefore (ms). */
export const SIWE_CLOCK_SKEW_MS = 60_000;
/** How long a nonce (and a message's issuedAt) stays good (ms): 10 minutes. */
export const SIWE_MAX_AGE_MS = 10 * 60_000;

/** What a SIWE message must say, all from configuration and the session (never from the request). */
export interface SiweExpectations {
  /** The app's public origin (config.appOrigin: PUBLIC_URL, else http://localhost:PORT). */
  origin: string;
  /** The chain the server runs on (EIP-155 id). */
  chainId: number;
  /** The nonce issued to this session (single use: the caller clears it before verifying). */
  nonce: string | undefined;
  /** When that nonce was issued (ms since epoch). */
  nonceIssuedAt: number | undefined;
  /** Current time (ms); injectable for tests. */
  now?: number;
}

/** The fields GET /api/wallet/nonce hands the browser to build its message with. */
export function siweParameters(origin: string, chainId: number) {
  const url = new URL(origin);
  return { domain: url.host, uri: url.origin, chainId };
}

/**
 * Verifies a SIWE message and signature against configuration.
 * @returns the checksummed signer address
 * @throws HttpError 400 naming the first field that is wrong (nonce, domain, uri, chain id, version,
 *   time window) or a signature that does not match
 */
export async function verifyWalletSignature(
  client: PublicClient,
  input: { message: string; signature: string },
  expected: SiweExpectations,
): Promise<`0x${string}`> {
  const now = expected.now ?? Date.now();
  if (!expected.nonce || expected.nonceIssuedAt === undefined)
    throw new HttpError(400, 'Ask for a nonce first (GET /api/wallet/nonce)');
  if (now - expected.nonceIssuedAt > SIWE_MAX_AGE_MS)
    throw new HttpError(400, 'The nonce has expired; ask for a new one');
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(input.message);
  } catch {
    throw new HttpError(400, 'Not a Sign-In with Ethereum message');
  }
  const want = siweParameters(expected.origin, expected.chainId);
  if (!fields.address) throw new HttpError(400, 'The message names no address');
  if (fields.domain !== want.domain) throw new HttpError(400, `The message must be for ${want.domain}`);
  if (fields.nonce !== expected.nonce) throw new HttpError(400, 'The nonce does not match this session');
  if (fields.chainId !== want.chainId) throw new HttpError(400, `The message must be for chain ${want.chainId}`);
  let uriOrigin: string | null = null;
  try {
    uriOrigin = fields.uri ? new URL(fields.uri).origin : null;
  } catch {
    uriOrigin = null;
  }
  if (uriOrigin !== want.uri) throw new HttpError(400, `The message's uri must be on ${want.uri}`);
  if (fields.scheme && `${fields.scheme}:` !== new URL(want.uri).protocol)
    throw new HttpError(400, 'The message names another scheme');
  const time = (d: Date | undefined) => (d && !Number.isNaN(d.getTime()) ? d.getTime() : undefined);
  const issuedAt = time(fields.issuedAt);
  if (issuedAt === undefined) throw new HttpError(400, 'The message needs an issuedAt time');
  if (issuedAt > now + SIWE_CLOCK_SKEW_MS) throw new HttpError(400, 'The message is issued in the future');
  if (issuedAt < expected.nonceIssuedAt - SIWE_CLOCK_SKEW_MS || issuedAt < now - SIWE_MAX_AGE_MS)
    throw new HttpError(400, 'The message is older than its nonce');
  if (fields.expirationTime) {
    const exp = time(fields.expirationTime);
    if (exp === undefined || exp <= now - SIWE_CLOCK_SKEW_MS) throw new HttpError(400, 'The message has expired');
  }
  if (fields.notBefore) {
    const nbf = time(fields.notBefore);
    if (nbf === undefined || nbf > now + SIWE_CLOCK_SKEW_MS) throw new HttpError(400, 'The message is not valid yet');
  }
  // viem's EIP-4361 checks (version 1, nonce shape, address); times were checked above with skew.
  const valid = validateSiweMessage({
    message: { ...fields, expirationTime: undefined, notBefore: undefined },
    domain: want.domain,
    nonce: expected.nonce,
  });
  if (!valid) throw new HttpError(400, 'Not a valid Sign-In with Ethereum message');
  const address = getAddress(fields.address);
  const ok = await client
    .verifyMessage({ address, message: input.message, signature: input.signature as Hex })
    .catch(() => false);
  if (!ok) throw new HttpError(400, 'The signature does not match the message');
  return address;
}

/**
 * Links a SIWE-proven wallet to the user (stored lower-case).
 * @throws HttpError 409 when another account already holds it
 */
export async function linkWallet(db: Db, userId: string, address: string): Promise<UserRow> {
  const lower = address.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.walletAddress, lower), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new HttpError(409, 'This wallet is linked to another account');
  const [row] = await db
    .update(users)
    .set({ walletAddress: lower, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Removes the user's linked wallet. */
export async function unlinkWallet(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ walletAddress: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}
