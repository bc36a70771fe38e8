import { shortenAddress, shortenHash } from '@app/domain/format';
import { CheckIcon, CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button-plain';
import { cx } from '@/lib/cx';

/** SPEC §9: contracts and transaction hashes 8+6, wallets 6+4. */
export type HashKind = 'hash' | 'wallet';

/** The tooltip of a disabled explorer button (anvil has no block explorer). */
export const NO_EXPLORER_TEXT = 'No block explorer on the local chain';

/**
 * A shortened address or hash (full value in the title and for screen readers) with a copy
 * button and, when `explorerHref` is given or explicitly null, an explorer button.
 */
export function HashValue({
  value,
  kind = 'hash',
  explorerHref,
  explorerLabel = 'Open in block explorer',
  className,
}: {
  value: string;
  kind?: HashKind;
  /** URL of the explorer page; `null` shows a disabled button explaining there is none. */
  explorerHref?: string | null;
  explorerLabel?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const short = kind === 'wallet' ? shortenAddress(value) : shortenHash(value);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure origin or permission): the full value is still in the title.
    }
  };
  return (
    <span className={cx('inline-flex max-w-full min-w-0 items-center gap-1', className)}>
      <code className="min-w-0 truncate font-mono text-sm text-foreground" title={value}>
        {short}
      </code>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7! text-muted-foreground! hover:text-primary!"
        onClick={copy}
        aria-label={copied ? 'Copied' : `Copy ${value}`}
      >
        {copied ? <CheckIcon className="size-3.5 text-neon-lime" /> : <CopyIcon className="size-3.5" />}
      </Button>
      {explorerHref !== undefined && <ExplorerButton href={explorerHref} label={explorerLabel} />}
    </span>
  );
}

// The disabled explorer button's tooltip (Radix Tooltip and floating-ui) loads when the pointer or
// the focus first reaches the button.
const ExplorerTooltip = lazy(() => import('./explorer-tooltip'));

/** Opens an explorer page in a new tab; disabled with a tooltip when the chain has no explorer. */
export function ExplorerButton({ href, label }: { href: string | null; label: string }) {
  // How the button was first reached: the tooltip then opens at once, with the focus kept on the button.
  const [reached, setReached] = useState<'pointer' | 'focus' | null>(null);
  if (!href) {
    // aria-disabled rather than disabled: a disabled button gets no pointer or focus events, so
    // its tooltip could never open.
    const button = (
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-disabled="true"
        aria-label={label}
        className="size-7! cursor-not-allowed! text-muted-foreground! opacity-45"
        onClick={(event) => event.preventDefault()}
        onPointerEnter={() => setReached((r) => r ?? 'pointer')}
        onFocus={() => setReached((r) => r ?? 'focus')}
      >
        <ExternalLinkIcon className="size-3.5" />
      </Button>
    );
    if (!reached) return button;
    return (
      <Suspense fallback={button}>
        <ExplorerTooltip text={NO_EXPLORER_TEXT} focus={reached === 'focus'}>
          {button}
        </ExplorerTooltip>
      </Suspense>
    );
  }
  return (
    <Button asChild variant="ghost" size="icon" className="size-7! text-muted-foreground! hover:text-primary!">
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        <ExternalLinkIcon className="size-3.5" />
      </a>
    </Button>
  );
}

/** Explorer page of an address or contract, or null on a chain without an explorer. */
export function explorerAddressUrl(explorerUrl: string | null, address: string): string | null {
  return explorerUrl ? `${explorerUrl.replace(/\/$/, '')}/address/${address}` : null;
}
