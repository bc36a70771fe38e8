/**
 * EIP-4361 Sign-In with Ethereum messages, shared by wallet linking and SIWE sign-in: the server
 * checks the domain and its single-use nonce, so both come from GET /api/wallet/nonce.
 */
import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { Config } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { getWalletNonce } from './get-wallet-nonce';

/** A SIWE message and the wallet's signature over it. */
export interface SignedSiweMessage {
  message: string;
  signature: string;
}

/** Fetches a nonce, builds the SIWE message for `address` and asks the connected wallet to sign it. */
export async function signSiweMessage(
  config: Config,
  address: Address,
  statement = 'Link this wallet to your NEURAL_AVATARS account.',
): Promise<SignedSiweMessage> {
  const { nonce, domain, chainId, uri } = await getWalletNonce();
  const message = createSiweMessage({ address, chainId, domain, nonce, uri, version: '1', statement });
  const signature = await signMessage(config, { message });
  return { message, signature };
}
