import { describe, expect, it } from 'vitest';
import {
  applyChatExchange,
  CHAT_XP_BASE,
  capChatXp,
  chatXpForExchange,
  DAILY_CHAT_XP_CAP,
  levelForXp,
  practiseProficiency,
  progressPercent,
  TASK_XP_REWARDS,
  toNextLevelDetail,
  utcDayStart,
  xpIntoLevel,
  xpToNextLevel,
} from './training';

describe('levels (SPEC §2 2,500-XP cycle)', () => {
  it.each([
    [0, 1],
    [2499, 1],
    [2500, 2],
    [4999, 2],
    [5000, 3],
    [15_000, 7],
  ])('xp %i → level %i', (xp, level) => {
    expect(levelForXp(xp)).toBe(level);
  });

  it('treats invalid XP as 0', () => {
    expect(levelForXp(-50)).toBe(1);
    expect(levelForXp(Number.NaN)).toBe(1);
    expect(xpIntoLevel(-1)).toBe(0);
  });

  it('splits XP into the current level and the rest of the cycle', () => {
    expect(xpIntoLevel(2600)).toBe(100);
    expect(xpToNextLevel(2600)).toBe(2400);
    expect(xpToNextLevel(0)).toBe(2500);
    expect(xpIntoLevel(2600) + xpToNextLevel(2600)).toBe(2500);
  });

  it('progress bar is (xp % 2500) / 25 percent', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(1250)).toBe(50);
    expect(progressPercent(2500)).toBe(0);
    expect(progressPercent(3749)).toBeCloseTo(49.96);
  });

  it("detail page's To Next Level is 15000 − xp, never negative", () => {
    expect(toNextLevelDetail(0)).toBe(15_000);
    expect(toNextLevelDetail(750)).toBe(14_250);
    expect(toNextLevelDetail(15_000)).toBe(0);
    expect(toNextLevelDetail(20_000)).toBe(0);
  });
});

describe('chat XP', () => {
  it('gives the base for small talk and bonuses for skills and task intents', () => {
    expect(chatXpForExchange({ intent: 'greeting', skillExercised: null })).toBe(CHAT_XP_BASE);
    expect(chatXpForExchange({ intent: 'other', skillExercised: 'Solidity' })).toBe(15);
    expect(chatXpForExchange({ intent: 'make_art', skillExercised: null })).toBe(15);
    expect(chatXpForExchange({ intent: 'mint_nft', skillExercised: 'Digital Art' })).toBe(20);
  });

  it('caps chat XP per day', () => {
    expect(capChatXp(20, 0)).toBe(20);
    expect(capChatXp(20, 490)).toBe(10);
    expect(capChatXp(20, DAILY_CHAT_XP_CAP)).toBe(0);
    expect(capChatXp(20, 10_000)).toBe(0);
  });

  it('spamming cannot earn more than the cap in a day', () => {
    let earned = 0;
    let xp = 0;
    for (let i = 0; i < 1000; i++) {
      const out = applyChatExchange({
        experiencePoints: xp,
        earnedToday: earned,
        intent: 'make_art',
        skillExercised: 'Digital Art',
      });
      earned += out.xpGained;
      xp = out.experiencePoints;
    }
    expect(earned).toBe(DAILY_CHAT_XP_CAP);
    expect(xp).toBe(DAILY_CHAT_XP_CAP);
  });

  it('computes the UTC day window', () => {
    const start = utcDayStart(new Date('2026-03-04T23:59:59.999-05:00'));
    expect(start.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(utcDayStart(new Date('2026-03-05T00:00:00.000Z')).toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });
});

describe('proficiency', () => {
  it('grows with diminishing returns and stays within 0..100', () => {
    expect(practiseProficiency(1)).toBe(6);
    expect(practiseProficiency(50)).toBe(53);
    expect(practiseProficiency(90)).toBe(91);
    expect(practiseProficiency(99)).toBe(100);
    expect(practiseProficiency(100)).toBe(100);
    expect(practiseProficiency(250)).toBe(100);
    expect(practiseProficiency(-20)).toBe(5);
    expect(practiseProficiency(Number.NaN)).toBe(6);
    const gainLow = practiseProficiency(10) - 10;
    const gainHigh = practiseProficiency(80) - 80;
    expect(gainLow).toBeGreaterThan(gainHigh);
  });

  it('reaches 100 eventually and never exceeds it', () => {
    let p = 1;
    for (let i = 0; i < 200; i++) {
      const next = practiseProficiency(p);
      expect(next).toBeGreaterThanOrEqual(p);
      expect(next).toBeLessThanOrEqual(100);
      p = next;
    }
    expect(p).toBe(100);
  });
});

describe('applyChatExchange', () => {
  it('updates XP, level and the exercised skill', () => {
    const out = applyChatExchange({
      experiencePoints: 2490,
      earnedToday: 0,
      intent: 'learn_skill',
      skillExercised: 'Solidity',
      skillProficiency: 40,
    });
    expect(out).toEqual({
      xpGained: 15,
      experiencePoints: 2505,
      level: 2,
      leveledUp: true,
      proficiency: 43,
    });
  });

  it('starts an unknown skill from the default proficiency', () => {
    const out = applyChatExchange({
      experiencePoints: 0,
      earnedToday: 0,
      intent: 'learn_skill',
      skillExercised: 'Rust',
    });
    expect(out.proficiency).toBe(6);
    expect(out.leveledUp).toBe(false);
  });

  it('grants no proficiency once the daily cap is reached', () => {
    const out = applyChatExchange({
      experiencePoints: 800,
      earnedToday: DAILY_CHAT_XP_CAP,
      intent: 'learn_skill',
      skillExercised: 'Solidity',
      skillProficiency: 40,
    });
    expect(out).toMatchObject({ xpGained: 0, experiencePoints: 800, proficiency: null });
  });
});

it('task rewards anchor on the spec example (+50 XP for minting art)', () => {
  expect(TASK_XP_REWARDS.mint_art_nft).toBe(50);
  for (const xp of Object.values(TASK_XP_REWARDS)) expect(Number.isInteger(xp)).toBe(true);
});

describe('XP quality rule', () => {
  it('real messages earn XP; keyboard mash and repeats do not', async () => {
    const { isXpWorthyMessage, chatXpForExchange } = await import('./training');
    for (const ok of [
      'hello',
      'hi',
      'deploy a website for my shop',
      'learn rust programming',
      'Привет, как дела?',
      'sooo good',
    ])
      expect(isXpWorthyMessage(ok), ok).toBe(true);
    for (const bad of [
      'asdfghjkl',
      'qwerty',
      'aaaaaaa',
      'lol lol lol lol lol',
      'zxcvbnm asdf',
      '!!!???',
      '12345',
      'xkcdqwrtplmnbvz',
    ])
      expect(isXpWorthyMessage(bad), bad).toBe(false);
    expect(chatXpForExchange({ intent: 'chat' as never, skillExercised: null, message: 'asdfghjkl' })).toBe(0);
    expect(
      chatXpForExchange({ intent: 'chat' as never, skillExercised: null, message: 'hello there' }),
    ).toBeGreaterThan(0);
  });
});
