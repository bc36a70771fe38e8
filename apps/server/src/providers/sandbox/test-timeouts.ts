/**
 * Time allowed per sandbox test (ms). A Python cold start is ~4.5 s of CPU; on a loaded 2-core
 * machine (the whole suite running in parallel) it has taken a minute of wall-clock time.
 */
export const SLOW_MACHINE_MS = 180_000;
