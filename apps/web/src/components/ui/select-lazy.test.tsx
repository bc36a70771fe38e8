import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectLazy } from './select-lazy';

const LABELS = { low: 'Price: Low to High', high: 'Price: High to Low' } as const;

function Sort({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<keyof typeof LABELS>('low');
  return (
    <SelectLazy
      aria-label="Sort avatars"
      value={value}
      valueText={LABELS[value]}
      onValueChange={(v) => {
        setValue(v as keyof typeof LABELS);
        onChange?.(v);
      }}
    >
      {({ SelectItem }) =>
        Object.entries(LABELS).map(([v, label]) => (
          <SelectItem key={v} value={v}>
            {label}
          </SelectItem>
        ))
      }
    </SelectLazy>
  );
}

describe('SelectLazy', () => {
  it('shows the chosen option before Radix loads; a click opens the options and a choice is reported', async () => {
    const chosen: string[] = [];
    render(<Sort onChange={(v) => chosen.push(v)} />);
    const trigger = screen.getByRole('combobox', { name: 'Sort avatars' });
    expect(trigger).toHaveTextContent('Price: Low to High');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Price: High to Low' }));
    expect(chosen).toEqual(['high']);
    expect(screen.getByRole('combobox', { name: 'Sort avatars' })).toHaveTextContent('Price: High to Low');
  });

  it('opens from the keyboard (↓) on the button shown before Radix loads', async () => {
    render(<Sort />);
    screen.getByRole('combobox', { name: 'Sort avatars' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});
