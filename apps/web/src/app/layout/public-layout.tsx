import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button-plain';
import { useCurrentPath } from '@/lib/return-path';
import { paths } from '../paths';
import { signedOutNavLinks } from './nav-links';
import { SectionLinks, SectionMenu } from './section-nav';

/**
 * Frame of the public pages other than landing and sign-in (marketplace, avatar detail, blockchain,
 * NFT): the public sections, and LOGIN, which comes back to this page after sign-in.
 */
export default function PublicLayout({ children }: { children: ReactNode }) {
  const here = useCurrentPath();
  const links = signedOutNavLinks();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-4">
            <Link href={paths.home.getHref()} className="shrink-0 rounded-md" aria-label="NEURAL_AVATARS home">
              <Logo compact />
            </Link>
            <SectionLinks links={links} />
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Button asChild size="sm">
              <Link href={paths.login.getHref(here)}>LOGIN</Link>
            </Button>
            <SectionMenu links={links} hideFrom="md" />
          </div>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
