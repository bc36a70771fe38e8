import type { ClassValue } from 'clsx';

/** Joins class values into one `class` string: `cn` (merging) or `cx` (plain clsx). */
export type ClassJoiner = (...inputs: ClassValue[]) => string;
