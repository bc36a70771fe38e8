/**
 * Joins class names without resolving conflicts (clsx only). For the landing page and what it
 * renders, whose classes never conflict: keeping tailwind-merge (8.4 KB gzip) out of the initial
 * JavaScript is what holds it under 100 KB. A module of its own, apart from `cn`
 * (lib/utils.ts), so importing it does not bring tailwind-merge along. Where a caller may override a
 * utility, use `cn`.
 */
export { clsx as cx } from 'clsx';
