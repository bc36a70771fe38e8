import { useEffect, useState } from 'react';

/**
 * `value`, but only after it stopped changing for `delayMs` (the search box queries the server
 * once the user pauses typing, not on every key). The effect syncs with a timer, outside React.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
