/**
 * Wallet ownership by signed message (EIP-4361 Sign-In with Ethereum): the server issues a
 * single-use nonce in the session; the wallet signs a SIWE message for this host with it; the
 * server verifies the signature (EOA or EIP-1271 contract wallet via the chain) and the fields.
 */
import { getAddress, type Hex, type PublicClient } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import { HttpError } from '../../lib/http-error';

/**
 * Verifies a SIWE message and signature.
 * @param expected.domain the request host (with port) the message must name
 * @param expected.nonce the nonce issued to this session (single use: the caller clears it)
 * @returns the checksummed signer address
 * @throws HttpError 400 when the message, nonce, domain, time window or signature is wrong
 */
export async function verifyWalletSignature(
  client: PublicClient,
  input: { message: string; signature: string },
  expected: { domain: string; nonce: string | undefined },
): Promise<`0x${string}`> {
  if (!expected.nonce) throw new HttpError(400, 'Ask for a nonce first (GET /api/wallet/nonce)');
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(input.message);
  } catch {
    throw new HttpError(400, 'Not a Sign-In with Ethereum message');
  }
  if (!fields.address) throw new HttpError(400, 'The message names no address');
  if (fields.domain !== expected.domain)
    throw new HttpError(400, `The message is for ${fields.domain}, not ${expected.domain}`);
  if (fields.nonce !== expected.nonce) throw new HttpError(400, 'The nonce does not match this session');
  const ok = await verifySiweMessage(client, {
    message: input.message,
    signature: input.signature as Hex,
    domain: expected.domain,
    nonce: expected.nonce,
  }).catch(() => false);
  if (!ok) throw new HttpError(400, 'The signature does not match the message');
  return getAddress(fields.address);
}
