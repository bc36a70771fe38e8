import { Link, useLocation } from 'wouter';
import type { LazyDialogBodyProps } from '@/components/ui/dialog-lazy';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { linkClass, type NavLink } from './nav-links';

/**
 * The side sheet of the menu toggle (section-nav.tsx `SectionMenu`, which loads this module on first
 * use): every section, the current one marked; choosing one closes it.
 */
export function SectionMenuSheet({
  links,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: { links: NavLink[] } & LazyDialogBodyProps) {
  const [location] = useLocation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent onCloseAutoFocus={onCloseAutoFocus}>
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
                    onClick={() => onOpenChange(false)}
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
