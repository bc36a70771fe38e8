import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the blockchain verification screen (SPEC §2 /blockchain). */
export default function BlockchainPage() {
  return <PagePlaceholder title="BLOCKCHAIN_VERIFICATION" />;
}
