/**
 * The shape of a persona voice and the tables the three voices share: capability phrases, topic
 * names, the next offer after each task, each type's signature offer, and template filling.
 */
import type { AgentType } from '@app/domain/avatar';
import type { Intent } from '@app/domain/chat';

/** Intents the avatar can offer as a next step at the end of a reply. */
export type OfferIntent = Exclude<Intent, 'greeting' | 'capabilities' | 'other'>;

/** All templates of one voice. */
export interface Voice {
  /** The voice writes in lower case (sentences are not capitalised). */
  lowercase: boolean;
  /** First words of a conversation when the user did not greet (the avatar still says who it is). */
  hello: string[];
  /** Full introduction (first greeting). */
  intro: string[];
  /** Greeting again in an ongoing conversation: no second introduction. */
  regreet: string[];
  capabilities: string[];
  make_art: string[];
  mint_nft: string[];
  build_website: string[];
  code_project: string[];
  social_post: string[];
  learn_skill: string[];
  /** learn_skill for a skill the avatar does not have yet. */
  learn_new_skill: string[];
  market: string[];
  /** Added to market replies when the avatar has a skill to price. */
  market_skill: string[];
  verify_task: string[];
  /** Clarifying reply for `other`. */
  other: string[];
  /** `other` while a topic is open: offers to go back to it. */
  other_with_topic: string[];
  /** The user declined the last offer. */
  decline: string[];
  /** Opening when the user switches from one task topic to another. */
  switch_topic: string[];
  /** Opening when the user asks for the same thing again. */
  same_topic: string[];
  /** Noting an attachment. */
  attachment_text: string[];
  attachment_image: string[];
  /** Closing question offering the next step. */
  offers: Record<OfferIntent, string[]>;
  /** Closing question after an introduction or capability list: the type's signature task. */
  signature_offer: string[];
  /** Default art subject when the user names none. */
  default_art: string[];
  /** Core skill practised when the avatar has none and the user names none. */
  core_skill: string;
}

/**
 * Human names of the actions, for capability lists. Phrased to follow "I can …" / "I …" in every
 * voice.
 */
export const CAPABILITY_PHRASES = {
  generate_image: 'generate art',
  mint_art_nft: 'mint art NFTs on Base',
  deploy_website: 'build and deploy websites',
  farcaster_post: 'draft Farcaster posts',
  code_project: 'code small projects',
  learn_skill: 'train my skills',
  verify_task: 'verify tasks on-chain',
  view_marketplace: 'read the marketplace',
  list_skill: 'price and list skills',
} as const;

/** Short names of task topics, for "we were on …" callbacks. */
export const TOPIC_NAMES: Readonly<Record<OfferIntent, string>> = {
  make_art: 'the artwork',
  mint_nft: 'the mint',
  build_website: 'the build',
  social_post: 'the post',
  learn_skill: 'training',
  market: 'market prices',
  verify_task: 'verification',
};

/** The next step each topic offers at the end of its reply ("want to mint it?" after art). */
export const NEXT_OFFER: Readonly<Record<OfferIntent, OfferIntent>> = {
  make_art: 'mint_nft',
  mint_nft: 'social_post',
  build_website: 'social_post',
  social_post: 'make_art',
  learn_skill: 'verify_task',
  market: 'learn_skill',
  verify_task: 'market',
};

/** What each type offers after introducing itself (its signature task). */
export const SIGNATURE_OFFER: Readonly<Record<AgentType, OfferIntent>> = {
  HACKER: 'build_website',
  CREATOR: 'make_art',
  HUSTLER: 'social_post',
};

/**
 * Replaces `{slot}` markers; unknown slots become empty strings; a value opening a sentence inside
 * the template ("Of course! {facts}.") starts with a capital; collapses double spaces.
 */
export function fillTemplate(template: string, slots: Readonly<Record<string, string | number>>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string, at: number) => {
      const value = String(slots[key] ?? '');
      return /[.!?]\s+$/.test(template.slice(0, at)) ? value.charAt(0).toUpperCase() + value.slice(1) : value;
    })
    .replace(/ {2,}/g, ' ')
    .trim();
}
