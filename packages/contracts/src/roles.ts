/**
 * AccessControl role ids of the contracts, as `bytes32` hex (keccak256 of the role name; the admin role
 * is zero, as in OpenZeppelin). Pass them to `grantRole` / `hasRole`.
 */
import { type Hex, keccak256, toBytes, zeroHash } from 'viem';

/** Admin of every contract with roles (cold key; delayed hand-over): configuration and granting roles. */
export const DEFAULT_ADMIN_ROLE: Hex = zeroHash;
/** AvatarNFT / ArtworkNFT: mints, signs mint vouchers, manages series creators. */
export const MINTER_ROLE: Hex = keccak256(toBytes('MINTER_ROLE'));
/** AvatarNFT: awards XP for the holder's own validated responses, writes skills (hot key, Marketplace). */
export const VERIFIER_ROLE: Hex = keccak256(toBytes('VERIFIER_ROLE'));
/** ValidationRegistry: may request validation for agents of an app series (the platform's hot key). */
export const REQUESTER_ROLE: Hex = keccak256(toBytes('REQUESTER_ROLE'));
/** Marketplace: prices editions and lists skills for tokens held in custody. */
export const OPERATOR_ROLE: Hex = keccak256(toBytes('OPERATOR_ROLE'));
