import type { Address, Hex } from 'viem';
import { apiRequest } from '@/lib/api';

/** An EIP-712 mint voucher as the API sends it (uint fields as decimal strings). */
export interface MintVoucherJson {
  to: Address;
  avatarId: string;
  agentType: number;
  maxEditions: number;
  price: string;
  nonce: string;
  deadline: string;
  uri: string;
}

/** POST /api/nft/voucher response: the voucher, the server's signature and the AvatarNFT address. */
export interface MintVoucherResponse {
  voucher: MintVoucherJson;
  signature: Hex;
  contractAddress: Address;
  nextEdition?: number;
}

/** SPEC §3 NFT mint form → the server signs what may be minted (it checks edition and max editions). */
export async function createMintVoucher(input: {
  avatarId: number;
  edition: number;
  maxEditions: number;
}): Promise<MintVoucherResponse> {
  const res = await apiRequest('POST', '/api/nft/voucher', input);
  return (await res.json()) as MintVoucherResponse;
}
