/**
 * EIP-712 mint vouchers for `AvatarNFT.mintWithVoucher`: the server (a MINTER_ROLE key) signs what may be
 * minted; the user's wallet sends the transaction and pays `price` wei.
 */
import type { Account, Address, Chain, Hex, Transport, WalletClient } from 'viem';

/** EIP-712 types; must match `AvatarNFT.MINT_VOUCHER_TYPEHASH` (the enum is encoded as uint8). */
export const mintVoucherTypes = {
  MintVoucher: [
    { name: 'to', type: 'address' },
    { name: 'avatarId', type: 'uint256' },
    { name: 'agentType', type: 'uint8' },
    { name: 'maxEditions', type: 'uint16' },
    { name: 'price', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'uri', type: 'string' },
  ],
} as const;

/**
 * A mint voucher in the shape `mintWithVoucher(voucher, signature)` takes.
 * - `to`: recipient, and the only address allowed to send the mint.
 * - `avatarId`: the app's avatar id (the series), 1 .. 2^128-1.
 * - `agentType`: uint8 code (see `agentTypeCode`).
 * - `maxEditions`: the series' maximum editions (1 .. 65535).
 * - `price`: exact price in **wei**.
 * - `nonce`: single use per contract (server-chosen, e.g. a DB sequence or random 128 bits).
 * - `deadline`: unix time in **seconds**.
 * - `uri`: agent URI of the token; '' for the contract's base URI + tokenId.
 */
export interface MintVoucher {
  to: Address;
  avatarId: bigint;
  agentType: number;
  maxEditions: number;
  price: bigint;
  nonce: bigint;
  deadline: bigint;
  uri: string;
}

/** The EIP-712 domain of an AvatarNFT deployment. */
export function mintVoucherDomain(chainId: number, avatarNFT: Address) {
  return { name: 'AvatarNFT', version: '1', chainId, verifyingContract: avatarNFT } as const;
}

/**
 * Signs a mint voucher with the wallet client's account (which must hold MINTER_ROLE on `avatarNFT`,
 * or the mint reverts with `AvatarVoucherInvalidSigner`).
 * @returns The 65-byte signature to pass to `mintWithVoucher`.
 */
export function signMintVoucher(params: {
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  chainId: number;
  avatarNFT: Address;
  voucher: MintVoucher;
}): Promise<Hex> {
  const { walletClient, chainId, avatarNFT, voucher } = params;
  return walletClient.signTypedData({
    account: walletClient.account,
    domain: mintVoucherDomain(chainId, avatarNFT),
    types: mintVoucherTypes,
    primaryType: 'MintVoucher',
    message: voucher,
  });
}
