/**
 * Simple maths and date questions answered offline. Maths: the words of the
 * question become an arithmetic expression that only digits, operators, parentheses and `sqrt`
 * survive, evaluated by mathjs's `evaluate` (a parser, never `eval`) with bounded length and a
 * finite-number check. Dates: computed from "now" in UTC.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let mathjs: typeof import('mathjs') | undefined;

/**
 * mathjs's number-only build, loaded on the first arithmetic question: the expressions here are
 * plain numbers, and the full build (BigNumber, matrices, units) kept ~80 MB resident in every
 * process that served one chat message, the number build ~40 MB only once someone asks a sum.
 */
function evaluate(expression: string): unknown {
  mathjs ??= require('mathjs/number') as typeof import('mathjs');
  return mathjs.evaluate(expression);
}

/** Longest expression evaluated, in characters. */
export const MAX_EXPRESSION_CHARS = 80;

const WORD_OPS: [RegExp, string][] = [
  [/(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d+(?:\.\d+)?)/g, '($1/100*$2)'],
  [/\bhalf of\s+(\d+(?:\.\d+)?)/g, '($1/2)'],
  [/\b(?:the\s+)?square root of\s+(\d+(?:\.\d+)?)/g, 'sqrt($1)'],
  [/\bsqrt\s*(?:of\s+)?(\d+(?:\.\d+)?)/g, 'sqrt($1)'],
  [/(\d+(?:\.\d+)?)\s+squared\b/g, '($1^2)'],
  [/(\d+(?:\.\d+)?)\s+cubed\b/g, '($1^3)'],
  [/\badd\s+(\d+(?:\.\d+)?)\s+(?:and|to)\s+(\d+(?:\.\d+)?)/g, '($1+$2)'],
  [/\bmultiply\s+(\d+(?:\.\d+)?)\s+(?:by|and)\s+(\d+(?:\.\d+)?)/g, '($1*$2)'],
  [/\bdivide\s+(\d+(?:\.\d+)?)\s+by\s+(\d+(?:\.\d+)?)/g, '($1/$2)'],
  [/\bsubtract\s+(\d+(?:\.\d+)?)\s+from\s+(\d+(?:\.\d+)?)/g, '($2-$1)'],
  [/\bto the power of\b|\bto the\b|\bpower\b/g, '^'],
  [/\bmultiplied by\b|\btimes\b|(?<=\d\s*)x(?=\s*\d)|×/g, '*'],
  [/\bdivided by\b|\bover\b|÷/g, '/'],
  [/\bplus\b/g, '+'],
  [/\bminus\b/g, '-'],
];

/**
 * The arithmetic expression in a question ("what's 12 times 8?" → "12 * 8"), or null when there
 * is none (no digit, or nothing left but a number).
 */
export function mathExpression(message: string): string | null {
  let t = message.toLowerCase().slice(0, 300);
  if (!/\d/.test(t)) return null;
  for (const [re, to] of WORD_OPS) t = t.replace(re, ` ${to} `);
  // Keep only what an arithmetic expression is made of.
  const kept = (t.match(/sqrt|\d+(?:\.\d+)?|[-+*/^()]/g) ?? []).join(' ');
  const expr = kept.replace(/\s+/g, ' ').trim();
  if (!expr || expr.length > MAX_EXPRESSION_CHARS) return null;
  if (!/[-+*/^]|sqrt/.test(expr)) return null;
  return expr;
}

/** Result of {@link calculate}. */
export type Calculation = { ok: true; expression: string; value: string } | { ok: false; expression: string | null };

/** Evaluates the question's expression; never throws. Values are rounded to 10 significant digits. */
export function calculate(message: string): Calculation {
  const expression = mathExpression(message);
  if (!expression) return { ok: false, expression: null };
  try {
    const value: unknown = evaluate(expression);
    if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, expression };
    const shown = expression
      .replace(/\(\s+/g, '(')
      .replace(/\s+\)/g, ')')
      .replace(/^\((.*)\)$/, '$1');
    return { ok: true, expression: shown, value: String(Number(value.toPrecision(10))) };
  } catch {
    return { ok: false, expression };
  }
}

/** True when the message is mostly an arithmetic expression ("2+2", "12 * (3 - 1)?"). */
export function looksLikeArithmetic(message: string): boolean {
  const t = message.trim();
  return t.length <= MAX_EXPRESSION_CHARS && /\d\s*[-+*/^x×÷]\s*\d/.test(t) && /^[\d\s.+\-*/^()x×÷=?%]+$/i.test(t);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;

function utcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** "Tuesday 24 November 2026". */
export function formatDay(d: Date): string {
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const HOLIDAYS: [RegExp, string, (y: number) => Date][] = [
  [/christmas|xmas/, 'Christmas', (y) => new Date(Date.UTC(y, 11, 25))],
  [/new year/, "New Year's Day", (y) => new Date(Date.UTC(y + 1, 0, 1))],
  [/halloween/, 'Halloween', (y) => new Date(Date.UTC(y, 9, 31))],
  [/valentine/, "Valentine's Day", (y) => new Date(Date.UTC(y, 1, 14))],
];

/**
 * Answers a date or time question from `now` (UTC): today, tomorrow, yesterday, "in N days",
 * weekday, month, year, time, "days until Christmas / New Year / Halloween / Valentine's /
 * Friday", days left this year. The answer is a plain sentence fragment the voice wraps.
 */
export function answerDate(message: string, now: Date): string {
  const t = message.toLowerCase();
  const today = utcDay(now);
  for (const [re, name, at] of HOLIDAYS) {
    if (re.test(t)) {
      let day = at(today.getUTCFullYear());
      if (name === "New Year's Day") day = at(today.getUTCFullYear());
      else if (day < today) day = at(today.getUTCFullYear() + 1);
      const days = Math.round((day.getTime() - today.getTime()) / DAY_MS);
      return days === 0 ? `${name} is today` : `${name} is ${formatDay(day)}, ${days} day${days === 1 ? '' : 's'} away`;
    }
  }
  const inDays = /\bin (\d{1,4}) days?\b/.exec(t);
  if (inDays) {
    const n = Number(inDays[1]);
    return `in ${n} day${n === 1 ? '' : 's'} it will be ${formatDay(new Date(today.getTime() + n * DAY_MS))}`;
  }
  const weekday = WEEKDAYS.findIndex((d) => t.includes(d.toLowerCase()));
  if (weekday >= 0 && /\buntil|till|til|how long|how many days\b/.test(t)) {
    const days = (weekday - today.getUTCDay() + 7) % 7 || 7;
    return `${WEEKDAYS[weekday]} is ${days} day${days === 1 ? '' : 's'} away (${formatDay(new Date(today.getTime() + days * DAY_MS))})`;
  }
  if (/\bleft (?:this|in the) year\b|\bdays left\b/.test(t)) {
    const end = Date.UTC(today.getUTCFullYear(), 11, 31);
    return `${Math.round((end - today.getTime()) / DAY_MS)} days are left this year`;
  }
  if (/\btomorrow\b/.test(t)) return `tomorrow is ${formatDay(new Date(today.getTime() + DAY_MS))}`;
  if (/\byesterday\b/.test(t)) return `yesterday was ${formatDay(new Date(today.getTime() - DAY_MS))}`;
  if (/\bweekend\b/.test(t)) {
    const d = today.getUTCDay();
    return d === 0 || d === 6 ? `yes, it's ${WEEKDAYS[d]}` : `no, it's ${WEEKDAYS[d]}`;
  }
  if (/\btime\b/.test(t)) {
    const hh = String(now.getUTCHours()).padStart(2, '0');
    const mm = String(now.getUTCMinutes()).padStart(2, '0');
    return `it's ${hh}:${mm} UTC on ${formatDay(today)}`;
  }
  if (/\byear\b/.test(t)) return `it's ${today.getUTCFullYear()}`;
  if (/\bmonth\b/.test(t)) {
    const days = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
    return `it's ${MONTHS[today.getUTCMonth()]} (${days} days)`;
  }
  return `today is ${formatDay(today)}`;
}
