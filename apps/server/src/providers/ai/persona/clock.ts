/**
 * The clock somewhere else: "what time is it in Auckland?", "is it past midnight there yet?". The
 * time itself needs no network: the runtime's IANA time-zone database (`Intl.supportedValuesOf`)
 * names its zones after cities ("Pacific/Auckland", "America/New_York"), and `Intl.DateTimeFormat`
 * gives the local time there from "now". A place the database does not name (a country, a town
 * with no zone of its own) is said to be out of reach offline, with the time in UTC beside it.
 */
import type { LiveQuestion } from './live-data';

/** Zone city names ("auckland", "new york") → IANA zone; filled on first use. */
let zones: Map<string, string> | null = null;

function zoneTable(): Map<string, string> {
  if (zones) return zones;
  zones = new Map();
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const city = zone.split('/').at(-1)?.replace(/_/g, ' ').toLowerCase();
    if (city && zone.includes('/') && !zones.has(city)) zones.set(city, zone);
  }
  return zones;
}

/** The IANA zone named after `place` ("Auckland" → "Pacific/Auckland"), or null. */
export function zoneOf(place: string): string | null {
  return zoneTable().get(place.trim().toLowerCase()) ?? null;
}

/**
 * A question about the time of day: the time asked outright, or whether it is past, before or
 * near an hour, or still a part of the day.
 */
const ASKS_CLOCK =
  /\bwhat(?:'s| is)? (?:the )?time(?: is it)?\b|\bwhat time(?:'s| is) it\b|\b(?:is it|it's|its) (?:already |still |even |yet |now )?(?:past|after|before|nearly|almost|gone|late|early|morning|afternoon|evening|night|night-?time|day-?time|dark|light|bedtime|midnight|midday|noon)\b|\bhow late is it\b|\blocal time\b/i;

/** Where the clock is asked about: a capitalised place after "in", or "there" (the last place said). */
const PLACE_IN = /\b(?:in|over in|out in)\s+((?:[A-Z][\p{L}'’-]*)(?:\s+[A-Z][\p{L}'’-]*)*)/u;

/**
 * The clock question `message` asks about another place, or null. `placeHint` is where "there"
 * points (the last place named in the conversation).
 */
export function clockQuestion(message: string, placeHint: string | null): LiveQuestion | null {
  const text = message.slice(0, 300);
  const asked = text.split(/(?<=[.?!])\s+/).find((s) => s.includes('?') && ASKS_CLOCK.test(s));
  if (!asked) return null;
  const place = PLACE_IN.exec(asked)?.[1] ?? (/\bthere\b/i.test(asked) ? placeHint : null);
  if (!place) return null;
  return { kind: 'clock', topic: `the time in ${place}`, place };
}

/** "by my offline clock it's 23:00 on Wednesday in Auckland", or why it cannot say. */
export function clockIn(place: string, now: Date): string {
  const utc = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')} UTC`;
  const zone = zoneOf(place);
  if (!zone) return `I can't look up the local time in ${place} offline — it's ${utc} now`;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `by my offline clock it's ${part('hour')}:${part('minute')} on ${part('weekday')} in ${place} (${zone} time; ${utc})`;
}
