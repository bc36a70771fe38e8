import { describe, expect, it } from 'vitest';
import {
  AvatarChatRequestSchema,
  AvatarChatResponseSchema,
  ChatStreamEventSchema,
  chatActionLabel,
  EnhancedChatRequestSchema,
  EnhancedChatResponseSchema,
  GenerateImageRequestSchema,
} from './chat';

describe('chatActionLabel (SPEC §2)', () => {
  it('upper-cases and replaces underscores', () => {
    expect(chatActionLabel('mint_art_nft')).toBe('MINT ART NFT');
    expect(chatActionLabel('generate_image')).toBe('GENERATE IMAGE');
  });
});

describe('EnhancedChatRequestSchema (SPEC §7)', () => {
  const ok = {
    avatarId: '21',
    message: '  make me some art  ',
    context: { currentLevel: 1, skills: [], conversationHistory: [{ type: 'user', text: 'hi' }] },
  };

  it('parses the dashboard body, trims the message and gives a numeric id', () => {
    const parsed = EnhancedChatRequestSchema.parse(ok);
    expect(parsed.avatarId).toBe(21);
    expect(parsed.message).toBe('make me some art');
  });

  it('rejects blank, too long, non-numeric ids and long histories', () => {
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, message: '   ' }).success).toBe(false);
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, message: 'x'.repeat(4001) }).success).toBe(false);
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, avatarId: 'abc' }).success).toBe(false);
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, avatarId: '0' }).success).toBe(false);
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, avatarId: 21 }).success).toBe(false);
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, avatarId: '99999999999' }).success).toBe(false);
    const history = Array.from({ length: 11 }, () => ({ type: 'ai', text: 'x' }));
    expect(EnhancedChatRequestSchema.safeParse({ ...ok, context: { conversationHistory: history } }).success).toBe(
      false,
    );
  });

  it('accepts a body without context', () => {
    expect(EnhancedChatRequestSchema.parse({ avatarId: '3', message: 'hi' }).context).toBe(undefined);
  });
});

describe('AvatarChatRequestSchema (SPEC §7)', () => {
  it('takes the id as a number or a numeric string', () => {
    expect(AvatarChatRequestSchema.parse({ avatarId: 7, message: 'yo' }).avatarId).toBe(7);
    expect(AvatarChatRequestSchema.parse({ avatarId: '7', message: 'yo' }).avatarId).toBe(7);
    expect(AvatarChatRequestSchema.safeParse({ avatarId: 7.5, message: 'yo' }).success).toBe(false);
    expect(AvatarChatRequestSchema.safeParse({ avatarId: '-7', message: 'yo' }).success).toBe(false);
  });
});

describe('responses', () => {
  const progress = { id: 1, level: 1, experiencePoints: 10, totalInteractions: 1 };

  it('enhanced chat carries only known actions', () => {
    const body = { response: 'ok', images: [], actions: ['generate_image'], taskSuggestion: null, avatar: progress };
    expect(EnhancedChatResponseSchema.parse(body)).toEqual(body);
    expect(EnhancedChatResponseSchema.safeParse({ ...body, actions: ['launch_missiles'] }).success).toBe(false);
  });

  it('avatar chat suggestion is nullable and xpReward a whole number', () => {
    expect(
      AvatarChatResponseSchema.parse({ response: 'hi', taskSuggestion: null, images: [], avatar: progress }),
    ).toBeTruthy();
    const bad = {
      response: 'hi',
      taskSuggestion: { platform: 'Base', action: 'x', xpReward: 1.5 },
      images: [],
      avatar: progress,
    };
    expect(AvatarChatResponseSchema.safeParse(bad).success).toBe(false);
  });

  it('stream events are discriminated by type', () => {
    expect(ChatStreamEventSchema.parse({ type: 'delta', text: 'he' })).toEqual({
      type: 'delta',
      text: 'he',
    });
    expect(ChatStreamEventSchema.safeParse({ type: 'final', response: 'x' }).success).toBe(false);
  });
});

describe('GenerateImageRequestSchema (SPEC §7, §9 defaults)', () => {
  it('fills the defaults', () => {
    expect(GenerateImageRequestSchema.parse({})).toEqual({
      prompt: 'Digital art NFT creation',
      style: 'digital_art',
      size: '1024x1024',
    });
    expect(GenerateImageRequestSchema.parse({ prompt: '   ' }).prompt).toBe('Digital art NFT creation');
  });

  it('keeps given values and rejects unknown sizes', () => {
    expect(GenerateImageRequestSchema.parse({ prompt: ' a cat ', style: 'pixel_art', size: '512x512' })).toEqual({
      prompt: 'a cat',
      style: 'pixel_art',
      size: '512x512',
    });
    expect(GenerateImageRequestSchema.safeParse({ size: '2048x2048' }).success).toBe(false);
    expect(GenerateImageRequestSchema.safeParse({ style: 'oil' }).success).toBe(false);
  });
});
