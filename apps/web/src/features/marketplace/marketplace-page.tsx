import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the marketplace (SPEC §2 Marketplace); replaced by the marketplace feature. */
export default function MarketplacePage() {
  return <PagePlaceholder title="MARKETPLACE" />;
}
