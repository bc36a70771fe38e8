import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type LazyDialogBodyProps, lazyDialog } from './dialog-lazy';

/** A body as lazyDialog loads it: a Radix Dialog without a trigger. */
const Hello = lazyDialog<{ name: string }>(async () => {
  const { Dialog, DialogContent, DialogTitle, DialogDescription } = await import('./dialog');
  return {
    default: ({ name, open, onOpenChange, onCloseAutoFocus }: { name: string } & LazyDialogBodyProps) => (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>HELLO</DialogTitle>
          <DialogDescription>Hello {name}</DialogDescription>
        </DialogContent>
      </Dialog>
    ),
  };
});

describe('lazyDialog', () => {
  it('renders the trigger at once, opens on click, and gives the focus back to the trigger on close', async () => {
    render(<Hello name="ADA" trigger={<button type="button">OPEN</button>} />);
    const trigger = screen.getByRole('button', { name: 'OPEN' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'HELLO' })).toHaveTextContent('Hello ADA');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('opens when controlled without a trigger', async () => {
    render(<Hello name="BOB" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'HELLO' })).toHaveTextContent('Hello BOB');
  });
});
