/**
 * AccessControl role ids of the contracts, as `bytes32` hex (keccak256 of the role name; the admin role
 * is zero, as in OpenZeppelin). Pass them to `grantRole` / `hasRole`.
 */
import { type Hex, keccak256, toBytes, zeroHash } from 'viem';

/** Admin of every contract: configuration and granting the other roles. */
export const DEFAULT_ADMIN_ROLE: Hex = zeroHash;
/** AvatarNFT / ArtworkNFT: mints, signs mint vouchers, manages series creators. */
export const MINTER_ROLE: Hex = keccak256(toBytes('MINTER_ROLE'));
/** AvatarNFT: adds XP and writes skills. TaskRegistry: records verified tasks. */
export const VERIFIER_ROLE: Hex = keccak256(toBytes('VERIFIER_ROLE'));
/** Marketplace: prices editions and lists skills for tokens held in custody. */
export const OPERATOR_ROLE: Hex = keccak256(toBytes('OPERATOR_ROLE'));
