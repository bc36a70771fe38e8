import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExplorerButton, NO_EXPLORER_TEXT } from './hash-value';

describe('ExplorerButton without an explorer', () => {
  it('says why it is disabled on hover (the tooltip loads then), and stops saying it when the pointer leaves', async () => {
    render(<ExplorerButton href={null} label="Open in block explorer" />);
    const button = screen.getByRole('button', { name: 'Open in block explorer' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NO_EXPLORER_TEXT);
    await userEvent.unhover(screen.getByRole('button', { name: 'Open in block explorer' }));
    await userEvent.pointer({ coords: { x: 0, y: 0 }, target: document.body });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('says it to a keyboard user too, the focus staying on the button', async () => {
    render(
      <>
        <button type="button">BEFORE</button>
        <ExplorerButton href={null} label="Open in block explorer" />
      </>,
    );
    screen.getByRole('button', { name: 'BEFORE' }).focus();
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NO_EXPLORER_TEXT);
    expect(screen.getByRole('button', { name: 'Open in block explorer' })).toHaveFocus();
  });
});
