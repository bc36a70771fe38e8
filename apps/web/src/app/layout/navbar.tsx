import type { User } from '@app/domain/user';
import { MenuIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paths } from '../paths';
import { UserMenu } from './user-menu';

const NAV_LINKS = [
  { label: 'DASHBOARD', href: paths.home.getHref() },
  { label: 'MARKETPLACE', href: paths.marketplace.getHref() },
];

/** SPEC §2 signed-in navigation bar: logo, DASHBOARD / MARKETPLACE, mobile menu toggle, user menu. */
export function Navbar({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const [location] = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);

  const linkClass = (href: string) =>
    cn(
      'rounded-md px-3 py-2 label-mono transition-colors hover:text-primary',
      location === href ? 'text-primary glow-text' : 'text-muted-foreground',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Link href={paths.home.getHref()} className="rounded-md" aria-label="NEURAL_AVATARS home">
            <Logo compact />
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className={linkClass(link.href)}
                    aria-current={location === link.href ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex items-center gap-1">
          <UserMenu user={user} isAdmin={isAdmin} />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Toggle navigation menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {mobileOpen && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-border bg-background/95 md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={cn(linkClass(link.href), 'block py-3')}
                  aria-current={location === link.href ? 'page' : undefined}
                  onClick={() => setMobileOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
