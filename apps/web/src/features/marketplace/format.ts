/**
 * Display helpers of the marketplace screens (SPEC §2 Marketplace, Avatar detail). Money goes
 * through @app/domain/pricing (decimal strings, never floats).
 */
import type { MarketplaceOwner } from '@app/domain/marketplace';
import { formatEth } from '@app/domain/pricing-rules';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "May 1, 2025" from an ISO date. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}

/** The owner's display name (SPEC §2 card "the owner avatar and name"): first and last name, else ANON. */
export function ownerName(owner: Pick<MarketplaceOwner, 'firstName' | 'lastName'>): string {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim() || 'ANON';
}

/** Up to two initials of the owner, for the avatar fallback. */
export function ownerInitials(owner: Pick<MarketplaceOwner, 'firstName' | 'lastName'>): string {
  return ([owner.firstName?.[0], owner.lastName?.[0]].filter(Boolean).join('') || 'A').toUpperCase();
}

/**
 * The detail page's "full price" in ETH: at least the 4 decimals of SPEC §9, more when the stored
 * price has them (decimal(18,8)), so nothing is rounded away.
 */
export function formatFullEth(eth: string): string {
  const decimals = eth.split('.')[1]?.length ?? 0;
  return decimals > 4 ? eth : formatEth(eth, 4);
}

/** A response time in seconds as "4.2s", "2m 05s" or "1h 03m". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** Thousands separators for whole numbers (XP, counts). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
