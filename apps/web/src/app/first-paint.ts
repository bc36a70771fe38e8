/**
 * Runs a callback once the page has painted its first content (the `first-contentful-paint` entry
 * of the Paint Timing API, W3C Paint Timing §4) and, when given, `image` has loaded (or failed) —
 * the page's largest picture, so that what follows does not delay it — or after `timeoutMs` if
 * that does not happen (a tab opened in the background paints only when shown; a browser without
 * the API).
 * @param callback called exactly once
 * @param timeoutMs upper bound on the wait, in ms
 * @param image an image to wait for as well
 */
export function afterFirstContentfulPaint(
  callback: () => void,
  timeoutMs = FIRST_PAINT_TIMEOUT_MS,
  image?: HTMLImageElement | null,
): () => void {
  let done = false;
  let painted = false;
  let imageDone = !image || image.complete;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    image?.removeEventListener('load', onImage);
    image?.removeEventListener('error', onImage);
    callback();
  };
  const onImage = () => {
    imageDone = true;
    if (painted) run();
  };
  if (!imageDone) {
    image?.addEventListener('load', onImage);
    image?.addEventListener('error', onImage);
  }
  const timer = setTimeout(run, timeoutMs);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted = true;
      if (imageDone) run();
    });
    // `buffered`: the paint may already have happened before this module ran.
    observer.observe({ type: 'paint', buffered: true });
  }
  return run;
}

/** How long the landing page waits for its first paint before loading the app anyway, in ms. */
export const FIRST_PAINT_TIMEOUT_MS = 2000;
