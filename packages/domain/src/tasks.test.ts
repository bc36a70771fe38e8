import { describe, expect, it } from 'vitest';
import { CreateAgentTaskSchema, previewKind, taskBadgeColor } from './tasks';

describe('agent tasks vocabulary', () => {
  it('colours badges per SPEC §4', () => {
    expect(taskBadgeColor('CONFIRMED')).toBe('green');
    expect(taskBadgeColor('PENDING')).toBe('yellow');
    expect(taskBadgeColor('FAILED')).toBe('red');
  });
  it('maps task types to previews', () => {
    expect(previewKind('mint_art_nft')).toBe('art');
    expect(previewKind('deploy_website')).toBe('site');
    expect(previewKind('skill_learn')).toBeNull();
  });
  it('refuses unknown task types and defaults the prompt', () => {
    expect(CreateAgentTaskSchema.safeParse({ taskType: 'rm_rf' }).success).toBe(false);
    expect(CreateAgentTaskSchema.parse({ taskType: 'code_project' }).prompt).toBe('');
  });
});
