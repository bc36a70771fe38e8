/**
 * Demo content for an empty database: demo users (never counted as the first sign-in),
 * skills, avatars of all three types — ids 19, 20, 21 are GENESIS_HACKER, NEURAL_CREATOR and
 * CRYPTO_HUSTLER (SPEC §3) — their skills, and skill listings. Runs only when no avatar exists.
 */
import { levelForXp } from '@app/domain/training';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { avatarSkills, avatars, skillListings, skills, users } from './schema';

type AgentType = 'HACKER' | 'CREATOR' | 'HUSTLER';

export const SEED_SKILLS = [
  { name: 'Solidity', category: 'technical', description: 'Writes and audits smart contracts.', basePrice: '0.08' },
  {
    name: 'Smart Contracts',
    category: 'technical',
    description: 'Designs on-chain systems and upgrades.',
    basePrice: '0.07',
  },
  {
    name: 'DeFi Protocols',
    category: 'analytical',
    description: 'Reads liquidity, yields and risks.',
    basePrice: '0.06',
  },
  {
    name: 'Penetration Testing',
    category: 'security',
    description: 'Finds holes before attackers do.',
    basePrice: '0.08',
  },
  {
    name: 'Threat Modeling',
    category: 'security',
    description: 'Maps attack surfaces and mitigations.',
    basePrice: '0.05',
  },
  {
    name: 'Generative Art',
    category: 'creative',
    description: 'Creates visual pieces from prompts.',
    basePrice: '0.05',
  },
  {
    name: 'Storytelling',
    category: 'creative',
    description: 'Writes narratives, lore and scripts.',
    basePrice: '0.04',
  },
  { name: 'Music Production', category: 'creative', description: 'Composes loops and soundscapes.', basePrice: '0.04' },
  {
    name: 'Market Analysis',
    category: 'analytical',
    description: 'Spots trends and prices assets.',
    basePrice: '0.06',
  },
  {
    name: 'Social Growth',
    category: 'analytical',
    description: 'Grows audiences on Farcaster and X.',
    basePrice: '0.03',
  },
  { name: 'Negotiation', category: 'analytical', description: 'Closes deals and partnerships.', basePrice: '0.05' },
  { name: 'Web Development', category: 'technical', description: 'Builds and ships websites.', basePrice: '0.06' },
] as const;

const DEMO_USERS = [
  { firstName: 'Nova', lastName: 'Kade', email: 'nova.kade@demo.local' },
  { firstName: 'Rin', lastName: 'Okabe', email: 'rin.okabe@demo.local' },
  { firstName: 'Mara', lastName: 'Voss', email: 'mara.voss@demo.local' },
  { firstName: 'Jax', lastName: 'Ortega', email: 'jax.ortega@demo.local' },
];

/**
 * Name parts per type: every seeded avatar gets a distinct PREFIX_SUFFIX name,
 * 12 × 12 = 144 per type, far more than the catalogue needs.
 */
const NAME_PARTS: Record<AgentType, { prefixes: string[]; suffixes: string[] }> = {
  HACKER: {
    prefixes: ['ZERO', 'NULL', 'BIT', 'GHOST', 'KERNEL', 'ROOT', 'HEX', 'CIPHER', 'SHADOW', 'PROXY', 'STACK', 'VECTOR'],
    suffixes: [
      'DAY',
      'POINTER',
      'REAPER',
      'SHELL',
      'PANIC',
      'KIT',
      'WARDEN',
      'SPECTER',
      'FORK',
      'HOOK',
      'SENTRY',
      'BYTE',
    ],
  },
  CREATOR: {
    prefixes: [
      'PIXEL',
      'SYNTH',
      'DREAM',
      'NEON',
      'CHROMA',
      'VOID',
      'LUMEN',
      'PRISM',
      'ECHO',
      'AURORA',
      'VELVET',
      'GLYPH',
    ],
    suffixes: [
      'MUSE',
      'WEAVER',
      'FORGE',
      'BARD',
      'SAGE',
      'PAINTER',
      'LOOM',
      'SCRIBE',
      'ORACLE',
      'DANCER',
      'SMITH',
      'POET',
    ],
  },
  HUSTLER: {
    prefixes: [
      'DEAL',
      'ALPHA',
      'YIELD',
      'HYPE',
      'LIQUID',
      'CLOSER',
      'DELTA',
      'MARGIN',
      'BULL',
      'ARBIT',
      'ORDER',
      'FLOW',
    ],
    suffixes: [
      'RUNNER',
      'SEEKER',
      'HUNTER',
      'ENGINE',
      'LYNX',
      'BROKER',
      'SHARK',
      'MAKER',
      'SCOUT',
      'BARON',
      'FALCON',
      'DESK',
    ],
  },
};

/** How many demo avatars are seeded (≥ 100, so the marketplace has several pages). */
export const DEMO_AVATAR_COUNT = 120;

const TYPE_SKILLS: Record<AgentType, string[]> = {
  HACKER: [
    'Solidity',
    'Smart Contracts',
    'DeFi Protocols',
    'Penetration Testing',
    'Threat Modeling',
    'Web Development',
  ],
  CREATOR: ['Generative Art', 'Storytelling', 'Music Production', 'Web Development', 'Social Growth'],
  HUSTLER: ['Market Analysis', 'Negotiation', 'Social Growth', 'DeFi Protocols', 'Storytelling'],
};

const TYPE_CATEGORY: Record<AgentType, string> = { HACKER: 'security', CREATOR: 'creative', HUSTLER: 'analytical' };

/** SPEC §3: fixed names for avatars 21, 20 and 19. */
const FIXED: Record<number, { name: string; agentType: AgentType; description: string; priceEth: string }> = {
  19: {
    name: 'CRYPTO_HUSTLER',
    agentType: 'HUSTLER',
    description: 'Market-savvy deal maker who trades skills, spots alpha and closes on-chain partnerships.',
    priceEth: '0.35',
  },
  20: {
    name: 'NEURAL_CREATOR',
    agentType: 'CREATOR',
    description: 'Generative artist and storyteller that mints its own work as NFTs.',
    priceEth: '0.25',
  },
  21: {
    name: 'GENESIS_HACKER',
    agentType: 'HACKER',
    description: 'First-generation security specialist fluent in Solidity, audits and DeFi exploits.',
    priceEth: '0.15',
  },
};

/** Small deterministic PRNG (mulberry32) so the seed is the same on every machine. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedOptions {
  /** Optional portrait renderer: returns a thumbnail URL for a new avatar. */
  portrait?: (avatar: { id: number; name: string; agentType: AgentType }) => Promise<string | null>;
  /** How many avatars to seed (default {@link DEMO_AVATAR_COUNT}; at least 21, the SPEC §3 fixed ids). */
  count?: number;
  /** How many avatars get their portrait during the seed (default all); the rest are left to the demo job. */
  portraitsNow?: number;
}

/** Seeds demo content when the avatars table is empty. Returns true when it seeded. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(avatars);
  if (n > 0) return false;
  const rand = rng(20240521);

  const userRows = await db
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        ...u,
        authSubject: `seed:${i + 1}`,
        isDemo: true,
        role: 'user',
        status: 'active',
      })),
    )
    .onConflictDoNothing()
    .returning();
  const owners = userRows.length ? userRows : await db.select().from(users).where(sql`${users.isDemo}`);

  const skillRows = await db
    .insert(skills)
    .values(SEED_SKILLS.map((s) => ({ ...s, difficulty: 1 + Math.floor(rand() * 5) })))
    .onConflictDoNothing()
    .returning();
  const skillByName = new Map(skillRows.map((s) => [s.name, s]));

  const types: AgentType[] = ['HACKER', 'CREATOR', 'HUSTLER'];
  const used = new Set(Object.values(FIXED).map((f) => f.name));
  const uniqueName = (agentType: AgentType) => {
    const { prefixes, suffixes } = NAME_PARTS[agentType];
    for (;;) {
      const name = `${prefixes[Math.floor(rand() * prefixes.length)]}_${suffixes[Math.floor(rand() * suffixes.length)]}`;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
  const rows: (typeof avatars.$inferInsert)[] = [];
  for (let id = 1; id <= (opts.count ?? DEMO_AVATAR_COUNT); id++) {
    const fixed = FIXED[id];
    const agentType = fixed?.agentType ?? types[id % 3]!;
    const name = fixed?.name ?? uniqueName(agentType);
    // Skewed towards new avatars, with a few veterans: levels 1..8 all appear.
    const xp = Math.floor(rand() ** 1.6 * 19_000);
    const owner = owners[id % owners.length]!;
    const maxEditions = [5, 10, 25, 50][Math.floor(rand() * 4)]!;
    rows.push({
      id,
      ownerId: owner.id,
      name,
      description:
        fixed?.description ??
        `${agentType === 'HACKER' ? 'Security-minded' : agentType === 'CREATOR' ? 'Imaginative' : 'Relentless'} ${agentType.toLowerCase()} avatar trained on ${TYPE_SKILLS[agentType].slice(0, 2).join(' and ')}.`,
      agentType,
      capabilities: TYPE_SKILLS[agentType].slice(0, 3),
      personalityTraits: ['curious', 'helpful', agentType === 'HUSTLER' ? 'bold' : 'creative'],
      experiencePoints: xp,
      level: levelForXp(xp),
      totalInteractions: Math.floor(rand() * 400),
      // The series original is edition 1, like every avatar made in the app (the card's
      // 'edition of maxEditions' is the token's own number, and the next sale's receipt says #2).
      edition: 1,
      maxEditions,
      // 0.01 .. 1.5 ETH, most under 0.3 (three decimals at most)
      priceEth: fixed?.priceEth ?? (0.01 + Math.floor(rand() ** 2.2 * 1490) / 1000).toFixed(3),
      featured: Boolean(fixed) || rand() < 0.2,
      category: TYPE_CATEGORY[agentType],
    });
  }
  await db.insert(avatars).values(rows);
  await db.execute(sql`select setval(pg_get_serial_sequence('avatars', 'id'), (select max(id) from avatars))`);

  // One insert per table: the seed is part of a cold start (bench/startup.mjs).
  const skillRowsToInsert: (typeof avatarSkills.$inferInsert)[] = [];
  const listingRows: (typeof skillListings.$inferInsert)[] = [];
  for (const row of rows) {
    const names = TYPE_SKILLS[row.agentType as AgentType];
    const count = 3 + Math.floor(rand() * (names.length - 2));
    const picked = names.slice(0, count);
    skillRowsToInsert.push(
      ...picked.map((s) => ({
        avatarId: row.id!,
        skillId: skillByName.get(s)!.id,
        proficiency: 35 + Math.floor(rand() * 65),
        experiencePoints: Math.floor(rand() * 2000),
      })),
    );
    if (rand() < 0.6) {
      const s = skillByName.get(picked[0]!)!;
      listingRows.push({
        sellerId: row.ownerId,
        avatarId: row.id!,
        skillId: s.id,
        price: (0.03 + Math.floor(rand() * 6) / 100).toFixed(2), // SPEC §9: 0.03 to 0.08 ETH
        proficiencyLevel: 40 + Math.floor(rand() * 60),
        description: `${row.name} teaches ${s.name}.`,
      });
    }
  }
  await db.insert(avatarSkills).values(skillRowsToInsert);
  if (listingRows.length) await db.insert(skillListings).values(listingRows);
  // The marketplace's first page gets its portraits now; the rest are drawn by the background
  // demo-catalogue job (modules/demo), which also mints every demo avatar on chain.
  if (opts.portrait) {
    for (const row of rows.slice(0, opts.portraitsNow ?? rows.length)) {
      const url = await opts.portrait({ id: row.id!, name: row.name, agentType: row.agentType as AgentType });
      if (url) await db.update(avatars).set({ thumbnailUrl: url }).where(sql`${avatars.id} = ${row.id}`);
    }
  }
  return true;
}
