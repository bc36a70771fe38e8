/**
 * Pure display helpers shared by server and web. No I/O, no zod: safe to import anywhere.
 */

/** Keeps the first `head` and last `tail` characters of `value`, joined by `...`; short values are returned unchanged. */
function shortenMiddle(value: string, head: number, tail: number): string {
  if (value.length <= head + tail + 3) return value;
  return `${value.slice(0, head)}...${value.slice(-tail)}`;
}

/** SPEC §9: a wallet address is shown as its first 6 and last 4 characters (`0x1234...abcd`). */
export function shortenAddress(address: string): string {
  return shortenMiddle(address, 6, 4);
}

/** SPEC §9: a contract address or transaction hash is shown as its first 8 and last 6 characters. */
export function shortenHash(hash: string): string {
  return shortenMiddle(hash, 8, 6);
}
