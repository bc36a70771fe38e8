/** Types of checks.mjs (the checks of an acceptance run). */
export const results: { name: string; ok: boolean }[];
export function check(name: string, ok: boolean, detail?: string): boolean;
export function failedCount(): number;
