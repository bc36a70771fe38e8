/** Typed ABIs of our contracts, generated from the Foundry build (packages/contracts, `as const`). */
export {
  artworkNftAbi,
  avatarNftAbi,
  marketplaceAbi,
  reputationRegistryAbi,
  validationRegistryAbi,
} from '@app/contracts/generated';
