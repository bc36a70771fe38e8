/**
 * The CREATE tab's MINT_AVATAR and the MARKETPLACE tab's AI_AVATAR_NFTS MINT buttons (SPEC §2, §3
 * "Mintable avatar templates", §9 prices 0.15 / 0.25 / 0.35 ETH). Each template is a
 * real series sold through the ordinary edition purchase: MINT_AVATAR buys its next edition, and the
 * buyer gets her own avatar of that template (see recordEditionSale).
 *
 * The series of a template is the platform's avatar of that name: the seeded demo avatar when the demo
 * data has one (SPEC §3 ids 21/20/19), else one created on first use, owned by the platform account,
 * priced at the template price, with the template's skills and a series size by rarity.
 */
import { type AgentType, DEFAULT_PERSONALITY_TRAITS } from '@app/domain/avatar';
import { ethToUsd, ethToWei, normalizeEth } from '@app/domain/pricing';
import type { TemplateSeries } from '@app/domain/purchases';
import { MINTABLE_AVATAR_TEMPLATES, type MintableAvatarTemplate, type Rarity } from '@app/domain/templates';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarEditions, avatarSkills, avatars, skills, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { type CreateAvatarHooks, createAvatar } from '../avatars/avatars-service';
import type { KeyLock } from './purchases-service';

/** Editions per template series by rarity (the MARKETPLACE tab shows "12 / 100", "7 / 50", "2 / 10"). */
export const TEMPLATE_MAX_EDITIONS: Record<Exclude<Rarity, 'COMMON'>, number> = { RARE: 100, EPIC: 50, LEGENDARY: 10 };

/** The account that owns template series created by the app (never signs in). */
export const PLATFORM_SUBJECT = 'system:platform';

async function platformUserId(db: Db): Promise<string> {
  await db
    .insert(users)
    .values({
      authSubject: PLATFORM_SUBJECT,
      firstName: 'NEURAL',
      lastName: 'FOUNDRY',
      isDemo: true,
      status: 'active',
      role: 'user',
    })
    .onConflictDoNothing();
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.authSubject, PLATFORM_SUBJECT)).limit(1);
  return u!.id;
}

/** The template's existing series: an active, priced avatar of that name owned by a demo/platform account. */
async function findSeries(db: Db, name: string) {
  const [row] = await db
    .select({ avatar: avatars })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(and(eq(avatars.name, name), eq(users.isDemo, true), eq(avatars.isActive, true), isNotNull(avatars.priceEth)))
    .orderBy(asc(avatars.id))
    .limit(1);
  return row?.avatar ?? null;
}

async function createSeries(db: Db, t: MintableAvatarTemplate, hooks: CreateAvatarHooks) {
  const ownerId = await platformUserId(db);
  const row = await createAvatar(
    db,
    ownerId,
    {
      name: t.name,
      description: t.description,
      agentType: t.agentType as AgentType,
      personalityTraits: [...DEFAULT_PERSONALITY_TRAITS],
      readyPlayerMeUrl: null,
      readyPlayerMeConfig: null,
    },
    hooks,
  );
  const [series] = await db
    .update(avatars)
    .set({
      priceEth: t.priceEth,
      maxEditions: TEMPLATE_MAX_EDITIONS[t.rarity],
      featured: true,
      capabilities: t.specialties,
      category: t.skills[0]?.category ?? row.category,
    })
    .where(eq(avatars.id, row.id))
    .returning();
  await db
    .insert(skills)
    .values(t.skills.map((s) => ({ name: s.name, category: s.category })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(
      inArray(
        skills.name,
        t.skills.map((s) => s.name),
      ),
    );
  await db
    .insert(avatarSkills)
    .values(
      rows.map((r) => ({
        avatarId: row.id,
        skillId: r.id,
        proficiency: t.skills.find((s) => s.name === r.name)!.level,
      })),
    )
    .onConflictDoNothing();
  return series!;
}

/**
 * `POST /api/purchases/templates/resolve`: the series MINT_AVATAR sells for a template, created on
 * first use under the database-wide lock `template:<name>` (two processes never create it twice), with
 * its USD price at `usdRate` (USD per ETH × 10^8, the marketplace's one rate) so the card tab names
 * the amount charged.
 * @throws HttpError 404 for an unknown template name
 */
export async function resolveTemplate(
  db: Db,
  lock: KeyLock,
  name: string,
  hooks: CreateAvatarHooks = {},
  usdRate?: bigint,
): Promise<TemplateSeries> {
  const template = MINTABLE_AVATAR_TEMPLATES.find((t) => t.name === name);
  if (!template) throw new HttpError(404, `No template named ${name}`);
  const series = await lock(`template:${name}`, async () => {
    return (await findSeries(db, template.name)) ?? (await createSeries(db, template, hooks));
  });
  const minted = await db.$count(avatarEditions, eq(avatarEditions.avatarId, series.id));
  return {
    name: series.name,
    avatarId: series.id,
    priceEth: normalizeEth(series.priceEth!),
    priceWei: ethToWei(series.priceEth!).toString(),
    priceUsd: usdRate === undefined ? null : ethToUsd(ethToWei(series.priceEth!), usdRate),
    maxEditions: series.maxEditions,
    minted,
    thumbnailUrl: series.thumbnailUrl,
  };
}
