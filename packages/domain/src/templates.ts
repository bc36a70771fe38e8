/**
 * Static sample content of the dashboard (SPEC §2 CREATE and MARKETPLACE tabs, §3 "Mintable avatar
 * templates (static)", §9 static prices and demand figures). No I/O; the figures are display data,
 * not offers: prices are decimal strings (money is never a float, DESIGN §4).
 */
import type { AgentType } from './avatar';

/** SPEC §4: rarity colours — common grey, rare blue, epic purple, legendary yellow. */
export const RARITIES = ['COMMON', 'RARE', 'EPIC', 'LEGENDARY'] as const;
export type Rarity = (typeof RARITIES)[number];

/** A skill of a template, `level` 0..100 (shown as a bar). */
export interface TemplateSkill {
  name: string;
  level: number;
  category: string;
}

/** SPEC §3 Mintable avatar template: name, price in ETH, rarity, agentType, skills, specialties, abilities. */
export interface MintableAvatarTemplate {
  name: string;
  /** Price in ETH as a decimal string (SPEC §9: 0.15, 0.25, 0.35). */
  priceEth: string;
  /** SPEC §3: "Each is shown as about 420 USD". */
  approxUsd: number;
  rarity: Exclude<Rarity, 'COMMON'>;
  agentType: AgentType;
  description: string;
  skills: TemplateSkill[];
  specialties: string[];
  abilities: string[];
}

/** SPEC §3: GENESIS_HACKER RARE 0.15 ETH, NEURAL_CREATOR EPIC 0.25 ETH, CRYPTO_HUSTLER LEGENDARY 0.35 ETH. */
export const MINTABLE_AVATAR_TEMPLATES: readonly MintableAvatarTemplate[] = [
  {
    name: 'GENESIS_HACKER',
    priceEth: '0.15',
    approxUsd: 420,
    rarity: 'RARE',
    agentType: 'HACKER',
    description: 'Elite code-breaker and smart-contract specialist, wired for on-chain operations.',
    skills: [
      { name: 'Solidity', level: 92, category: 'technical' },
      { name: 'Smart Contract Auditing', level: 88, category: 'security' },
      { name: 'DeFi Protocols', level: 76, category: 'analytical' },
    ],
    specialties: ['Smart contracts', 'Security audits', 'Web deployment'],
    abilities: ['Deploy contracts by voice', 'Audit code for exploits', 'Verify tasks on Base'],
  },
  {
    name: 'NEURAL_CREATOR',
    priceEth: '0.25',
    approxUsd: 420,
    rarity: 'EPIC',
    agentType: 'CREATOR',
    description: 'Generative artist that turns prompts into mintable neon artworks and stories.',
    skills: [
      { name: 'Generative Art', level: 95, category: 'creative' },
      { name: 'NFT Design', level: 87, category: 'creative' },
      { name: 'Storytelling', level: 80, category: 'creative' },
    ],
    specialties: ['Digital art', 'NFT collections', 'Brand visuals'],
    abilities: ['Generate artwork on request', 'Mint art as NFTs', 'Post drops to Farcaster'],
  },
  {
    name: 'CRYPTO_HUSTLER',
    priceEth: '0.35',
    approxUsd: 420,
    rarity: 'LEGENDARY',
    agentType: 'HUSTLER',
    description: 'Market operator that reads trends, prices skills and grows communities.',
    skills: [
      { name: 'Market Analysis', level: 94, category: 'analytical' },
      { name: 'Trading Strategy', level: 89, category: 'analytical' },
      { name: 'Community Growth', level: 83, category: 'social' },
    ],
    specialties: ['Market intel', 'Skill trading', 'Social growth'],
    abilities: ['Price and list skills', 'Track market demand', 'Run social campaigns'],
  },
];

/** A TRENDING_SKILLS card (SPEC §2): skill, category, demand %, average price in ETH, specialist type. */
export interface TrendingSkill {
  skill: string;
  category: string;
  /** SPEC §9: demand figures are 85 to 98 percent. */
  demandPercent: number;
  /** SPEC §9: 0.03 to 0.08 ETH for skills (decimal string). */
  avgPriceEth: string;
  specialist: AgentType;
}

/** SPEC §2 MARKETPLACE tab: six trending skills. */
export const TRENDING_SKILLS: readonly TrendingSkill[] = [
  {
    skill: 'Smart Contract Auditing',
    category: 'security',
    demandPercent: 98,
    avgPriceEth: '0.08',
    specialist: 'HACKER',
  },
  { skill: 'Generative Art', category: 'creative', demandPercent: 95, avgPriceEth: '0.05', specialist: 'CREATOR' },
  {
    skill: 'DeFi Yield Strategy',
    category: 'analytical',
    demandPercent: 93,
    avgPriceEth: '0.07',
    specialist: 'HUSTLER',
  },
  {
    skill: 'Solidity Development',
    category: 'technical',
    demandPercent: 91,
    avgPriceEth: '0.06',
    specialist: 'HACKER',
  },
  {
    skill: 'NFT Collection Design',
    category: 'creative',
    demandPercent: 88,
    avgPriceEth: '0.04',
    specialist: 'CREATOR',
  },
  { skill: 'Community Growth', category: 'analytical', demandPercent: 85, avgPriceEth: '0.03', specialist: 'HUSTLER' },
];

/** An AI_AVATAR_NFTS sample card (SPEC §2 MARKETPLACE tab, with a MINT button). */
export interface SampleAvatarNft {
  name: string;
  agentType: AgentType;
  rarity: Rarity;
  level: number;
  priceEth: string;
  edition: string;
}

/** SPEC §2 AI_AVATAR_NFTS: the three templates as mintable editions (prices of SPEC §9). */
export const SAMPLE_AVATAR_NFTS: readonly SampleAvatarNft[] = MINTABLE_AVATAR_TEMPLATES.map((t, i) => ({
  name: t.name,
  agentType: t.agentType,
  rarity: t.rarity,
  level: [3, 5, 7][i] ?? 1,
  priceEth: t.priceEth,
  edition: ['12 / 100', '7 / 50', '2 / 10'][i] ?? '1 / 1',
}));

/** A SKILLS_MARKETPLACE sample listing (SPEC §2 MARKETPLACE tab, with a BUY button). */
export interface SampleSkillListing {
  skill: string;
  category: string;
  proficiency: number;
  priceEth: string;
  seller: string;
}

/** SPEC §2 SKILLS_MARKETPLACE: skills for sale (SPEC §9: 0.03 to 0.08 ETH). */
export const SAMPLE_SKILL_LISTINGS: readonly SampleSkillListing[] = [
  {
    skill: 'Zero-Knowledge Proofs',
    category: 'security',
    proficiency: 82,
    priceEth: '0.08',
    seller: 'GENESIS_HACKER #12',
  },
  { skill: 'Prompt Engineering', category: 'creative', proficiency: 90, priceEth: '0.05', seller: 'NEURAL_CREATOR #7' },
  {
    skill: 'Token Launch Playbook',
    category: 'analytical',
    proficiency: 76,
    priceEth: '0.06',
    seller: 'CRYPTO_HUSTLER #2',
  },
  { skill: 'Frame Building', category: 'technical', proficiency: 68, priceEth: '0.03', seller: 'GENESIS_HACKER #31' },
];
