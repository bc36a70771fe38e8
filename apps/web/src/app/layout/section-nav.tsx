import { MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button-plain';
import { lazyDialog } from '@/components/ui/dialog-lazy';
import { linkClass, type NavLink } from './nav-links';

const INLINE_CLASS: Record<NavLink['inlineFrom'], string> = { md: 'hidden md:block', xl: 'hidden xl:block' };

/** The bar's inline links (`Main` navigation); sections that do not fit a width live in {@link SectionMenu}. */
export function SectionLinks({ links }: { links: NavLink[] }) {
  const [location] = useLocation();
  if (!links.some((l) => l.inlineFrom === 'md')) return null;
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-0.5">
        {links.map((link) => {
          const current = link.matches(location);
          return (
            <li key={link.href} className={INLINE_CLASS[link.inlineFrom]}>
              <Link href={link.href} className={linkClass(current)} aria-current={current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The side sheet of {@link SectionMenu} (section-menu-sheet.tsx), fetched on the toggle's hover or focus. */
const SectionSheet = lazyDialog<{ links: NavLink[] }>(() =>
  import('./section-menu-sheet').then((m) => ({ default: m.SectionMenuSheet })),
);

/**
 * The menu toggle (SPEC §2 "a mobile menu toggle"): below the width where every section fits the
 * bar, a side sheet lists every section, the current one marked; choosing one closes it. The sheet
 * (Radix Dialog) loads on first use (components/ui/dialog-lazy.tsx): the toggle is on every page.
 */
export function SectionMenu({ links, hideFrom = 'xl' }: { links: NavLink[]; hideFrom?: 'md' | 'xl' }) {
  const [open, setOpen] = useState(false);
  return (
    <SectionSheet
      open={open}
      onOpenChange={setOpen}
      links={links}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className={hideFrom === 'xl' ? 'xl:hidden' : 'md:hidden'}
          aria-label="Toggle navigation menu"
        >
          <MenuIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
