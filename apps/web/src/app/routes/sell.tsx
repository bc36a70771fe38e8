import { SkillListingsPanel } from '@/features/marketplace/components/purchase-skill-listings';
import { SellPage } from '@/features/selling/sell-page';

/** /sell: selling, with the skills others sell beside it (features stay independent). */
export default function SellRoute() {
  return <SellPage market={<SkillListingsPanel limit={20} />} />;
}
