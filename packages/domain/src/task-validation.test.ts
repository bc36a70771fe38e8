import { describe, expect, it } from 'vitest';
import {
  checkMark,
  producerLabel,
  readValidationReport,
  type TaskValidationReport,
  validationEvidenceUri,
  validationScore,
} from './task-validation';

const report: TaskValidationReport = {
  score: 50,
  checks: [
    { id: 'code.parses', description: 'Every file parses', outcome: 'passed', evidence: 'main.py: ok' },
    { id: 'code.request-met', description: 'The request is met', outcome: 'not_checked', evidence: 'no model' },
  ],
  producer: { kind: 'embedded', model: null, provider: null },
  artefacts: [{ path: 'main.py', sha256: 'a'.repeat(64), bytes: 120, url: null }],
};

describe('task validation report helpers', () => {
  it('scores, marks and names the producer', () => {
    expect(validationScore(report.checks)).toBe(50);
    expect(report.checks.map((c) => checkMark(c.outcome))).toEqual(['✓', '–']);
    expect(checkMark('failed')).toBe('✗');
    expect(producerLabel(report.producer)).toBe('embedded engine');
    expect(producerLabel({ kind: 'model', model: 'gpt-4.1', provider: 'openai' })).toBe('model gpt-4.1 via openai');
  });

  it('reads the stored report, and null for none or a malformed one (never throws)', () => {
    expect(readValidationReport({ validation: report })).toEqual(report);
    expect(readValidationReport({})).toBeNull();
    expect(readValidationReport(null)).toBeNull();
    expect(readValidationReport({ validation: { score: 'high' } })).toBeNull();
    expect(readValidationReport({ validation: { ...report, score: 101 } })).toBeNull();
  });

  it('finds the evidence file: the stored evidenceUrl or responseURI, else the evidence route once requested on chain', () => {
    const uri = 'https://app.example/api/validation/task/task%3A1/response';
    const file = 'https://app.example/api/assets/validation/ab12.json';
    expect(validationEvidenceUri('task:1', { evidenceUrl: file, responseURI: uri, requestHash: '0x1' })).toBe(file);
    expect(validationEvidenceUri('task:1', { responseURI: uri, requestHash: '0x1' })).toBe(uri);
    expect(validationEvidenceUri('task:1', { requestHash: '0xab' })).toBe('/api/validation/task/task%3A1/response');
    expect(validationEvidenceUri('task:1', {})).toBeNull();
    expect(validationEvidenceUri('task:1', null)).toBeNull();
    // Only http(s) URLs or app paths are ever linked.
    expect(validationEvidenceUri('task:1', { responseURI: 'javascript:alert(1)' })).toBeNull();
    expect(validationEvidenceUri('task:1', { evidenceUrl: 'data:text/html,x', requestHash: '0x1' })).toBe(
      '/api/validation/task/task%3A1/response',
    );
    expect(validationEvidenceUri('task:1', { responseURI: '//evil.example/x' })).toBeNull();
  });
});
