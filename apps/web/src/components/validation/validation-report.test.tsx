import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeFailedValidationReport, makeValidationReport } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ValidationReport } from './validation-report';

const report = () => screen.getByRole('region', { name: /^VALIDATION/ });
const checks = () => within(report()).getByRole('list', { name: 'Validation checks' });

describe('ValidationReport', () => {
  it('shows the score, who made the work and each check with ✓ / – and an accessible outcome', () => {
    renderWithProviders(
      <ValidationReport report={makeValidationReport()} evidenceUri="/api/validation/task/t1/response" />,
    );
    expect(screen.getByRole('heading', { name: 'VALIDATION 75/100' })).toBeInTheDocument();
    expect(within(report()).getByText('3/4 CHECKS PASSED · 1 NOT CHECKED')).toBeInTheDocument();
    expect(within(report()).getByText('model gpt-4.1 via openai')).toBeInTheDocument();
    expect(within(report()).queryByText('FAILED_VALIDATION')).not.toBeInTheDocument();

    const rows = within(checks()).getAllByRole('button');
    expect(rows.map((b) => b.textContent)).toEqual([
      '✓Passed: Every file parses',
      '✓Passed: The entry point main.py runs to exit code 0 in the sandbox',
      "✓Passed: The project's own tests pass",
      '–Not checked: The request is met (acceptance test written from the request)',
    ]);
    for (const row of rows) expect(row).toHaveAttribute('aria-expanded', 'false');
    // The mark is decoration; the name says the outcome in words.
    expect(within(checks()).getByRole('button', { name: 'Passed: Every file parses' })).toBeInTheDocument();
    expect(within(checks()).getByRole('button', { name: /^Not checked: The request is met/ })).toBeInTheDocument();

    const link = within(report()).getByRole('link', { name: /EVIDENCE_FILE/ });
    expect(link).toHaveAttribute('href', `${window.location.origin}/api/validation/task/t1/response`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('opens a check’s evidence (multi-line output in a scrollable region) by click and by keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ValidationReport report={makeValidationReport()} />);
    const run = within(checks()).getByRole('button', { name: /^Passed: The entry point main\.py runs/ });
    expect(screen.queryByRole('region', { name: /^Evidence:/ })).not.toBeInTheDocument();

    await user.click(run);
    expect(run).toHaveAttribute('aria-expanded', 'true');
    const evidence = screen.getByRole('region', {
      name: 'Evidence: The entry point main.py runs to exit code 0 in the sandbox',
    });
    expect(evidence.textContent).toBe('exit code 0\nstdout (first lines):\n2\n3\n5\n7\n11\n13\n17\n19\n23\n29');
    expect(evidence).toHaveAttribute('tabindex', '0');
    expect(evidence).toHaveClass('max-h-48', 'overflow-y-auto');
    expect(evidence.querySelector('pre')).toHaveClass('font-mono', 'whitespace-pre-wrap');

    await user.click(run);
    expect(run).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /^Evidence:/ })).not.toBeInTheDocument();

    // Keyboard: Tab to the not-checked row and open it with Enter, close with Space.
    const notChecked = within(checks()).getByRole('button', { name: /^Not checked:/ });
    notChecked.focus();
    await user.keyboard('{Enter}');
    expect(notChecked).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /^Evidence: The request is met/ })).toHaveTextContent(
      'no model configured to write an acceptance test',
    );
    await user.keyboard(' ');
    expect(notChecked).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows FAILED_VALIDATION with the failed checks first and the first failure’s evidence open', () => {
    renderWithProviders(<ValidationReport report={makeFailedValidationReport()} />);
    expect(screen.getByRole('heading', { name: 'VALIDATION 25/100' })).toHaveClass('text-destructive');
    expect(within(report()).getByText('FAILED_VALIDATION')).toBeInTheDocument();
    expect(within(report()).getByText(/below the pass mark of 50: no XP was awarded/)).toBeInTheDocument();
    expect(within(report()).getByText('embedded engine')).toBeInTheDocument();

    const names = within(checks())
      .getAllByRole('button')
      .map((b) => b.textContent?.slice(1));
    expect(names).toEqual([
      'Failed: Every file parses',
      'Failed: The entry point runs',
      'Passed: A README says what the project does',
      'Not checked: The request is met',
    ]);
    const first = within(checks()).getByRole('button', { name: 'Failed: Every file parses' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Evidence: Every file parses' })).toHaveTextContent(
      'SyntaxError: unexpected EOF while parsing',
    );
    expect(within(checks()).getByRole('button', { name: 'Failed: The entry point runs' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // No evidence file yet, no artefacts: neither is offered.
    expect(within(report()).queryByRole('link')).not.toBeInTheDocument();
    expect(within(report()).queryByRole('button', { name: /ARTEFACTS/ })).not.toBeInTheDocument();
  });

  it('lists the artefacts with size and sha256 (copyable), linking only those published on their own', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ValidationReport report={makeValidationReport()} compact />);
    await user.click(within(report()).getByRole('button', { name: 'ARTEFACTS (2)' }));
    const list = within(report()).getByRole('list', { name: 'Artefacts' });
    const [main, readme] = within(list).getAllByRole('listitem');
    expect(main).toHaveTextContent('main.py');
    expect(main).toHaveTextContent('312 B');
    expect(within(main!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(main!).getByRole('button', { name: `Copy ${'ab'.repeat(32)}` })).toBeInTheDocument();
    expect(within(readme!).getByRole('link', { name: 'README.md' })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/tasks/1/files/README.md`,
    );
    expect(readme).toHaveTextContent('2.0 KB');
  });

  it('never links an evidence file or artefact with another scheme', () => {
    const report = makeValidationReport({
      artefacts: [{ path: 'x.html', sha256: 'ef'.repeat(32), bytes: 1, url: 'javascript:alert(1)' }],
    });
    renderWithProviders(<ValidationReport report={report} evidenceUri="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
