import { Skeleton } from '@/components/ui/skeleton-plain';

/** A card-shaped placeholder; the page shows six while loading (SPEC §2). */
export function AvatarCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-border bg-card/60" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full rounded-none!" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <Skeleton className="h-16 w-full" />
        <div className="flex items-end justify-between">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-8 w-32" />
        </div>
      </div>
    </div>
  );
}
