import type { MarketplaceAvatar } from '@app/domain/marketplace';
import type { TaskValidationReport } from '@app/domain/task-validation';

/** A marketplace avatar as `GET /api/marketplace/avatars` returns it; override any field. */
export function makeMarketplaceAvatar(overrides: Partial<MarketplaceAvatar> = {}): MarketplaceAvatar {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `AVATAR_${id}`,
    description: 'A test avatar.',
    thumbnailUrl: null,
    edition: 1,
    maxEditions: 5,
    level: 2,
    experiencePoints: 3000,
    totalInteractions: 12,
    featured: false,
    priceUsd: '450.00',
    priceEth: '0.15',
    priceWei: '150000000000000000',
    skills: [],
    owner: {
      firstName: 'Nova',
      lastName: 'Kade',
      profileImageUrl: null,
      joinedDate: '2026-01-01T00:00:00.000Z',
      totalSales: 0,
      successRate: null,
    },
    verificationStatus: 'verified',
    category: 'security',
    agentType: 'HACKER',
    ...overrides,
  };
}

/**
 * A validator report as the server stores it (`verificationData.validation`): three checks passed,
 * one not checked (75/100), made by a model; override any field.
 */
export function makeValidationReport(overrides: Partial<TaskValidationReport> = {}): TaskValidationReport {
  return {
    score: 75,
    checks: [
      {
        id: 'code.parses',
        description: 'Every file parses',
        outcome: 'passed',
        evidence: 'main.py: ok\ntest_main.py: ok',
      },
      {
        id: 'code.entry-runs',
        description: 'The entry point main.py runs to exit code 0 in the sandbox',
        outcome: 'passed',
        evidence: 'exit code 0\nstdout (first lines):\n2\n3\n5\n7\n11\n13\n17\n19\n23\n29',
      },
      { id: 'code.tests-pass', description: "The project's own tests pass", outcome: 'passed', evidence: '3 passed' },
      {
        id: 'code.request-met',
        description: 'The request is met (acceptance test written from the request)',
        outcome: 'not_checked',
        evidence: 'no model configured to write an acceptance test',
      },
    ],
    producer: { kind: 'model', model: 'gpt-4.1', provider: 'openai' },
    artefacts: [
      { path: 'main.py', sha256: 'ab'.repeat(32), bytes: 312, url: null },
      { path: 'README.md', sha256: 'cd'.repeat(32), bytes: 2048, url: '/api/tasks/1/files/README.md' },
    ],
    ...overrides,
  };
}

/** A report the validator failed (25/100, below the pass mark): a syntax error, made by the embedded engine. */
export function makeFailedValidationReport(): TaskValidationReport {
  return makeValidationReport({
    score: 25,
    checks: [
      {
        id: 'code.readme',
        description: 'A README says what the project does',
        outcome: 'passed',
        evidence: 'README.md',
      },
      {
        id: 'code.parses',
        description: 'Every file parses',
        outcome: 'failed',
        evidence:
          '  File "main.py", line 3\n    print(primes(\n               ^\nSyntaxError: unexpected EOF while parsing',
      },
      {
        id: 'code.entry-runs',
        description: 'The entry point runs',
        outcome: 'failed',
        evidence: 'not run: main.py does not parse',
      },
      {
        id: 'code.request-met',
        description: 'The request is met',
        outcome: 'not_checked',
        evidence: 'no model configured to write an acceptance test',
      },
    ],
    producer: { kind: 'embedded', model: null, provider: null },
    artefacts: [],
  });
}
