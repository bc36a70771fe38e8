import { useCallback, useEffect, useRef } from 'react';

/**
 * Object URLs for reply audio (SPEC §3 message `audioUrl`), kept while the conversation is shown
 * and revoked when it goes away, so replies can be replayed without leaking memory.
 */
export function useObjectUrls() {
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current = [];
    },
    [],
  );
  /** An object URL for `blob`, revoked with the conversation. */
  return useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.push(url);
    return url;
  }, []);
}
