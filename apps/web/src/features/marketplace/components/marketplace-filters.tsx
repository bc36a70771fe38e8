import {
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_CATEGORY_LABELS,
  MARKETPLACE_SORT_LABELS,
  MARKETPLACE_SORTS,
  type MarketplaceCategory,
  type MarketplaceSort,
} from '@app/domain/marketplace-rules';
import { PlusIcon, SearchIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { Input } from '@/components/ui/input-plain';
import { SelectLazy } from '@/components/ui/select-lazy';

/** The sort select's extra option: it navigates to /create instead of sorting (SPEC §2). */
const CREATE_OPTION = 'create_new_avatar';

/**
 * SPEC §2 Marketplace controls: the 'Search avatars...' box, the sort select (featured default,
 * price_low, price_high, level, experience, and 'Create New Avatar' → /create) and the category
 * select (all, creative, analytical, technical, security; SPEC §9). The selects load Radix Select on
 * first use (components/ui/select-lazy.tsx).
 */
export function MarketplaceFilters({
  search,
  onSearchChange,
  sort,
  onSortChange,
  category,
  onCategoryChange,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  sort: MarketplaceSort;
  onSortChange: (value: MarketplaceSort) => void;
  category: MarketplaceCategory;
  onCategoryChange: (value: MarketplaceCategory) => void;
}) {
  const [, navigate] = useLocation();
  return (
    <search className="grid gap-3 rounded-lg border border-border bg-card/70 p-3 backdrop-blur-sm sm:grid-cols-[minmax(0,1fr)_200px_180px] sm:p-4">
      <div className="relative min-w-0">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder="Search avatars..."
          aria-label="Search avatars"
          maxLength={100}
          className="pl-9"
        />
      </div>
      <SelectLazy
        aria-label="Sort avatars"
        value={sort}
        valueText={MARKETPLACE_SORT_LABELS[sort]}
        onValueChange={(v) => {
          if (v === CREATE_OPTION) navigate(paths.create.getHref());
          else onSortChange(v as MarketplaceSort);
        }}
      >
        {({ SelectItem, SelectSeparator }) => (
          <>
            {MARKETPLACE_SORTS.map((s) => (
              <SelectItem key={s} value={s}>
                {MARKETPLACE_SORT_LABELS[s]}
              </SelectItem>
            ))}
            <SelectSeparator />
            <SelectItem value={CREATE_OPTION} className="text-neon-magenta">
              <PlusIcon aria-hidden="true" />
              Create New Avatar
            </SelectItem>
          </>
        )}
      </SelectLazy>
      <SelectLazy
        aria-label="Category"
        value={category}
        valueText={MARKETPLACE_CATEGORY_LABELS[category]}
        onValueChange={(v) => onCategoryChange(v as MarketplaceCategory)}
      >
        {({ SelectItem }) =>
          MARKETPLACE_CATEGORIES.map((c) => (
            <SelectItem key={c} value={c}>
              {MARKETPLACE_CATEGORY_LABELS[c]}
            </SelectItem>
          ))
        }
      </SelectLazy>
    </search>
  );
}
