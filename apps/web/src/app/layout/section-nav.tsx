import { MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import type { NavLink } from './nav-links';

const linkClass = (current: boolean) =>
  cn(
    'rounded-md px-2.5 py-2 label-mono whitespace-nowrap transition-colors hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:outline-none',
    current ? 'text-primary glow-text' : 'text-muted-foreground',
  );

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

/**
 * The menu toggle (SPEC §2 "a mobile menu toggle"): below the width where every section fits the
 * bar, a side sheet lists every section, the current one marked; choosing one closes it.
 */
export function SectionMenu({ links, hideFrom = 'xl' }: { links: NavLink[]; hideFrom?: 'md' | 'xl' }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={hideFrom === 'xl' ? 'xl:hidden' : 'md:hidden'}
          aria-label="Toggle navigation menu"
        >
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle>NAVIGATION</SheetTitle>
        <SheetDescription>Go to a section of the app.</SheetDescription>
        <nav aria-label="Sections">
          <ul className="flex flex-col gap-1">
            {links.map((link) => {
              const current = link.matches(location);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className={cn(
                      linkClass(current),
                      'block border border-transparent py-3',
                      current && 'border-primary/40 bg-primary/5',
                    )}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
