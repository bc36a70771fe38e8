import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the NFT page (SPEC §2 NFT page). */
export default function NftPage() {
  return <PagePlaceholder title="NFT_CONTROL_CENTER" />;
}
