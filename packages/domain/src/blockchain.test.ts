import { describe, expect, it } from 'vitest';
import {
  explorerTxUrl,
  TaskDataSchemas,
  taskTypeTitle,
  VerifyTaskRequestSchema,
  verificationStatusOf,
} from './blockchain';

describe('blockchain vocabulary', () => {
  it('titles task types per SPEC §2', () => {
    expect(taskTypeTitle('marketplace_transaction')).toBe('Marketplace Transaction');
    expect(taskTypeTitle('skill_learn')).toBe('Skill Learn');
  });
  it('maps task status to the verification colours of SPEC §4', () => {
    expect(verificationStatusOf('CONFIRMED')).toBe('verified');
    expect(verificationStatusOf('PENDING')).toBe('pending');
    expect(verificationStatusOf('FAILED')).toBe('failed');
  });
  it('defaults the task type to skill_learn and refuses a malformed wallet', () => {
    const ok = VerifyTaskRequestSchema.parse({ avatarId: '3', userWalletAddress: `0x${'a'.repeat(40)}` });
    expect(ok).toMatchObject({ avatarId: 3, taskType: 'skill_learn', taskData: {} });
    expect(VerifyTaskRequestSchema.safeParse({ avatarId: 3, userWalletAddress: '0x123' }).success).toBe(false);
  });
  it('validates task data per type and refuses unknown keys', () => {
    expect(TaskDataSchemas.skill_trade.safeParse({ transactionHash: '0x12' }).success).toBe(false);
    expect(TaskDataSchemas.avatar_create.safeParse({ extra: 1 }).success).toBe(false);
    expect(TaskDataSchemas.team_join.parse({ teamId: '4' })).toEqual({ teamId: 4 });
  });
  it('builds explorer links only when the chain has an explorer', () => {
    expect(explorerTxUrl(null, '0xabc')).toBeNull();
    expect(explorerTxUrl('https://basescan.org/', '0xabc')).toBe('https://basescan.org/tx/0xabc');
  });
});
