/** Seeding and paging helpers of the marketplace listing tests. */
import { MarketplaceAvatarListSchema, type MarketplaceSort } from '@app/domain/marketplace';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { avatars, skills, users } from '../../src/db/schema';
import type { TestApp } from './app';

export type AvatarInsert = typeof avatars.$inferInsert;

export const T0 = Date.UTC(2025, 4, 1, 12, 0, 0);
/** A creation date `m` minutes after T0. */
export const minutes = (m: number) => new Date(T0 + m * 60_000);

/** Inserts two owners and the four skill categories; returns their ids. */
export async function seedBasics(db: Db) {
  const [alice, bob] = await db
    .insert(users)
    .values([
      { email: 'alice@x.io', firstName: 'Alice', lastName: 'Ng', status: 'active', createdAt: minutes(-1000) },
      { email: 'bob@x.io', firstName: 'Bob', lastName: null, status: 'active' },
    ])
    .returning();
  const sk = await db
    .insert(skills)
    .values([
      { name: 'Solidity', category: 'technical', description: 'Contracts.', basePrice: '0.08' },
      { name: 'Pentest', category: 'security', description: 'Finds holes.', basePrice: '0.05' },
      { name: 'Painting', category: 'creative', description: null, basePrice: '0.04' },
      { name: 'Trading', category: 'analytical', description: 'Markets.', basePrice: null },
    ])
    .returning();
  const byName = Object.fromEntries(sk.map((s) => [s.name, s.id])) as Record<string, number>;
  return { alice: alice!, bob: bob!, skill: byName };
}

/** Inserts avatars (defaults: listed, owned by `ownerId`) and returns their rows. */
export async function insertAvatars(db: Db, ownerId: string, rows: Partial<AvatarInsert>[]) {
  return db
    .insert(avatars)
    .values(rows.map((r, i) => ({ ownerId, name: `AV_${i}`, priceEth: '0.1', ...r })))
    .returning();
}

/** Reads one listing page; checks the body against the SPEC §3 list schema. */
export async function page(t: TestApp, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/avatars${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = MarketplaceAvatarListSchema.parse(res.json());
  const next = res.headers['x-next-cursor'];
  return { body, next: typeof next === 'string' ? next : null, res };
}

/** Follows cursors to the end; returns every id in order and the number of pages. */
export async function walk(t: TestApp, params: Record<string, string>) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const p = await page(t, `?${qs}`);
    ids.push(...p.body.map((a) => a.id));
    cursor = p.next;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

/** The expected order of a sort (SPEC §9), computed in JS from the inserted rows. */
export function expectedOrder(rows: (typeof avatars.$inferSelect)[], sort: MarketplaceSort): number[] {
  const listed = rows.filter((r) => r.isActive && r.priceEth !== null);
  const num = (s: string | null) => Number(s);
  const cmp: Record<MarketplaceSort, (a: (typeof rows)[0], b: (typeof rows)[0]) => number> = {
    featured: (a, b) =>
      Number(b.featured) - Number(a.featured) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    price_low: (a, b) => num(a.priceEth) - num(b.priceEth) || a.id - b.id,
    price_high: (a, b) => num(b.priceEth) - num(a.priceEth) || b.id - a.id,
    level: (a, b) => b.level - a.level || b.experiencePoints - a.experiencePoints || b.id - a.id,
    experience: (a, b) => b.experiencePoints - a.experiencePoints || b.id - a.id,
  };
  return [...listed].sort(cmp[sort]).map((r) => r.id);
}
