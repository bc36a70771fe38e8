import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { SELECT_TRIGGER_CLASSES } from './variants';

/** The select primitives (select.tsx: Radix Select), a chunk of their own. */
export type SelectUi = typeof import('./select');

let loaded: SelectUi | null = null;
let pending: Promise<SelectUi> | null = null;
/** Fetches the select primitives once; a failed fetch is tried again on the next call. */
function loadSelectUi(): Promise<SelectUi> {
  pending ??= import('./select').then(
    (m) => {
      loaded = m;
      return m;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Keys that open a Radix Select from its trigger (Enter and Space also click the button). */
const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp']);

/**
 * A single-choice select (select.tsx, Radix Select) whose code loads on first use: until it is
 * opened, it is a button styled and labelled as the select's trigger, showing the chosen option's
 * text — what Radix's trigger shows, and already in the server's HTML (Radix fills its value only on
 * the client). The pointer entering it or the focus reaching it fetches Radix Select; a click, Enter,
 * Space, ↑ or ↓ puts the Radix select in its place, open (its trigger takes the focus back when it
 * closes). The button is replaced only when it is opened, not on hover or focus: replacing it between
 * a press and its release would send the click to neither. A page's controls thus neither load nor
 * hydrate Radix Select and floating-ui before a visitor reaches for them.
 * @param valueText the chosen option's label, as the option renders it
 * @param children the options, from the loaded primitives (`ui.SelectItem`, `ui.SelectSeparator`, …)
 */
export function SelectLazy({
  value,
  onValueChange,
  valueText,
  'aria-label': ariaLabel,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  valueText: ReactNode;
  'aria-label': string;
  children: (ui: SelectUi) => ReactNode;
}) {
  const [ui, setUi] = useState<SelectUi | null>(loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (!ui) {
    const preload = () => void loadSelectUi().catch(() => {});
    const open = () => {
      loadSelectUi().then(
        (m) => {
          setOpenOnLoad(true);
          setUi(m);
        },
        (error: unknown) => console.error('Failed to load the select', error),
      );
    };
    return (
      <button
        type="button"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="none"
        aria-label={ariaLabel}
        data-state="closed"
        data-slot="select-trigger"
        className={SELECT_TRIGGER_CLASSES}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={open}
        onKeyDown={(event) => {
          if (!OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          open();
        }}
      >
        <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
          {valueText}
        </span>
        <ChevronDownIcon className="size-4 text-primary" aria-hidden="true" />
      </button>
    );
  }
  const { Select, SelectContent, SelectTrigger, SelectValue } = ui;
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={openOnLoad}>
      <SelectTrigger aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>{children(ui)}</SelectContent>
    </Select>
  );
}
