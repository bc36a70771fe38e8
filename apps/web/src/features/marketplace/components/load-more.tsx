import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button-plain';

/**
 * Loads the next page when the sentinel scrolls near the viewport (IntersectionObserver), with a
 * LOAD_MORE button for keyboard and assistive-technology users (and browsers without the observer).
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  // Sync with the browser's observer (outside React): fire when the sentinel is within 600 px.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="mt-8 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage} aria-live="polite">
        {isFetchingNextPage ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden="true" />
            LOADING...
          </>
        ) : (
          'LOAD_MORE'
        )}
      </Button>
    </div>
  );
}
