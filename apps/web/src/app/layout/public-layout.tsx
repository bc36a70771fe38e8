import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { TooltipProvider } from '@/components/ui/tooltip';
import { paths } from '../paths';

/** Frame of the public pages other than landing and sign-in (marketplace, avatar detail, blockchain, NFT). */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
            <Link href={paths.home.getHref()} className="rounded-md" aria-label="NEURAL_AVATARS home">
              <Logo compact />
            </Link>
            <Button asChild size="sm">
              <Link href={paths.login.getHref()}>LOGIN</Link>
            </Button>
          </div>
        </header>
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
