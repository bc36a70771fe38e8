/**
 * The checks of an acceptance run (the replicas run, the Base rehearsal): each printed as it
 * happens, all counted at the end.
 */

/** Every check's outcome, in order. */
export const results = [];

/** Records and prints one check. @returns `ok` */
export function check(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
}

/** How many checks failed so far. */
export const failedCount = () => results.filter((r) => !r.ok).length;
