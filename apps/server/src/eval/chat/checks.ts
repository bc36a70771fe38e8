/**
 * How an {@link Expectation} is checked against a reply. The word lists here belong to the judge,
 * not to the engine: they say what a comforting, cheering or honest "I can't know that offline"
 * reply contains in any of the three voices, and what a sales pitch looks like.
 */

import { escapeRegExp } from '../../providers/ai/persona/text-features';
import type { ChatReply, PersonaAvatar } from '../../providers/ai/types';
import type { Expectation } from './dialogue-set';

/** Words of sympathy: a reply to bad news contains at least one. */
export const COMFORT =
  /\b(?:sorry|rough|tough|hard|heavy|a lot to|breathe|here for you|here with you|i'm here|im here|listen|be kind|gentle|oof|ugh|hang in|that stinks|that sucks|not easy|okay to|ok to|normal to|go easy|take (?:a|your) (?:break|time|breath)|rest|pause|hurts?|painful|sad to|miss)\b/i;
/** Words of celebration: a reply to good news contains at least one. */
export const CHEER =
  /\b(?:congrat\w*|well done|amazing|wonderful|fantastic|brilliant|great news|huge|proud|yay|nice|love (?:to hear|that|this|it)|celebrat\w*|woo+|hell yes|let's go|big win|awesome|excellent|gg|so happy|happy for you|delighted|thrilled|good news|win)\b|🎉|🥳|🙌/i;
/** Strong cheer: never in a reply to bad news. */
export const STRONG_CHEER =
  /\b(?:congrat\w*|yay|celebrat\w*|woo+|hell yes|let's go|great news|big win|love to hear)\b|🎉|🥳|🚀/i;
/** Strong sympathy: never in a reply to good news. */
export const STRONG_COMFORT =
  /\b(?:sorry|rough|that sucks|that stinks|hang in|be kind to yourself|bad day|hard day|heavy|oof)\b/i;
/** A sales pitch: selling, minting, prices, launches. */
export const PITCH =
  /\b(?:mint\w*|nfts?|eth|floor price|royalt\w*|launch\w*|casts?|farcaster|marketplace|list it|sell\w*|roi|landing page|waitlist|deal|money|collectibles?|revenue|investors?|hype)\b|💰|🚀|📈/i;
/** An honest limit: the reply says live data is out of reach offline. */
export const LIVE_LIMIT =
  /\b(?:offline|can't (?:look|check|see|get|know|tell)|cannot (?:look|check|see|get|know|tell)|no (?:live|internet|network|real-time)|don't have (?:live|real-time|access|a live)|not connected|without (?:a |any )?(?:connection|network|internet))\b/i;

/** The avatar values a placeholder in an expectation stands for. */
export function placeholders(avatar: PersonaAvatar): Record<string, string> {
  const best = [...avatar.skills].sort((a, b) => b.proficiency - a.proficiency)[0];
  return {
    name: avatar.name,
    type: avatar.agentType,
    level: String(avatar.level),
    skill1: best?.name ?? '',
  };
}

function re(source: string, avatar: PersonaAvatar): RegExp {
  const values = placeholders(avatar);
  const filled = source.replace(/\{(\w+)\}/g, (m, key: string) =>
    key in values ? escapeRegExp(values[key] as string) : m,
  );
  return new RegExp(filled, 'i');
}

/** What the check saw, for the failure report. */
export interface CheckContext {
  avatar: PersonaAvatar;
  reply: ChatReply;
  previousReply: string | null;
}

/**
 * The reasons a reply fails an expectation (empty = it passes). `distinct` is checked across the
 * three avatar types by the runner, not here.
 */
export function failures(expect: Expectation, ctx: CheckContext): string[] {
  const { avatar, reply } = ctx;
  const text = reply.response;
  const out: string[] = [];
  const facts = JSON.stringify(reply.memory?.facts ?? {});
  const prompt = reply.taskSuggestion?.prompt ?? '';
  for (const s of expect.has ?? []) if (!re(s, avatar).test(text)) out.push(`reply lacks /${s}/`);
  if (expect.any && !expect.any.some((s) => re(s, avatar).test(text))) out.push(`reply has none of ${expect.any}`);
  for (const s of expect.not ?? []) if (re(s, avatar).test(text)) out.push(`reply has /${s}/`);
  if (expect.intent && reply.intent !== expect.intent) out.push(`intent ${reply.intent}, wanted ${expect.intent}`);
  if (expect.task !== undefined && (reply.taskSuggestion?.action ?? null) !== expect.task) {
    out.push(`task ${reply.taskSuggestion?.action ?? 'none'}, wanted ${expect.task ?? 'none'}`);
  }
  if (expect.taskNot && reply.taskSuggestion?.action === expect.taskNot) out.push(`task is ${expect.taskNot}`);
  for (const s of expect.prompt ?? []) if (!re(s, avatar).test(prompt)) out.push(`task prompt lacks /${s}/`);
  for (const s of expect.promptNot ?? []) if (re(s, avatar).test(prompt)) out.push(`task prompt has /${s}/`);
  if (expect.image && !re(expect.image, avatar).test(reply.imagePrompt ?? '')) {
    out.push(`art prompt "${reply.imagePrompt ?? ''}" lacks /${expect.image}/`);
  }
  if (expect.imageNot && re(expect.imageNot, avatar).test(reply.imagePrompt ?? '')) {
    out.push(`art prompt has /${expect.imageNot}/`);
  }
  for (const s of expect.memory ?? []) if (!re(s, avatar).test(facts)) out.push(`memory lacks /${s}/`);
  for (const s of expect.memoryNot ?? []) if (re(s, avatar).test(facts)) out.push(`memory still has /${s}/`);
  for (const [key, s] of Object.entries(expect.fact ?? {})) {
    const value: unknown = (reply.memory?.facts as Record<string, unknown> | undefined)?.[key];
    const shown = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    if (!re(s, avatar).test(shown)) out.push(`fact ${key} is ${shown}, wanted /${s}/`);
  }
  if (expect.tone === 'comfort' && !(COMFORT.test(text) && !STRONG_CHEER.test(text))) out.push('not comforting');
  if (expect.tone === 'cheer' && !(CHEER.test(text) && !STRONG_COMFORT.test(text))) out.push('not cheering');
  if (expect.tone === 'mixed' && !(COMFORT.test(text) && CHEER.test(text))) out.push('not mixed');
  if (expect.noPitch && (reply.taskSuggestion || reply.actions.length > 0 || PITCH.test(text))) out.push('pitches');
  if (expect.noTaskSuggestion && reply.taskSuggestion) out.push('suggests a task');
  if (expect.live && !LIVE_LIMIT.test(text)) out.push('does not say it cannot know live data');
  if (expect.nonEmpty && !text.trim()) out.push('empty reply');
  if (expect.differs && text === ctx.previousReply) out.push('same reply as before');
  return out;
}

/** The reply with the avatar's own name blanked, so "distinct" compares the voices, not the names. */
export function voiceOf(reply: string, avatar: PersonaAvatar): string {
  return reply.split(avatar.name).join('~').split(avatar.name.toUpperCase()).join('~');
}
