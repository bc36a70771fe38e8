import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Logo } from '@/components/layout/logo';
import { buttonVariants } from '@/components/ui/variants';
import { useCurrentPath } from '@/lib/return-path';

/**
 * Sticky top bar: logo, sign-in link and the join-waitlist button that jumps to the e-mail capture.
 * Plain elements with `buttonVariants` classes (no tailwind-merge in the landing's initial JavaScript).
 */
export function LandingHeader({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  // The landing page also stands in for signed-in pages opened while signed out (SPEC §2):
  // signing in from there returns to that page.
  const here = useCurrentPath();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href={paths.home.getHref()} className="rounded-md" aria-label="NEURAL_AVATARS home">
          <Logo compact />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          <a
            href="#features"
            className="hidden rounded-md px-2 py-1 label-mono text-muted-foreground hover:text-primary md:inline"
          >
            FEATURES
          </a>
          <a
            href="#journey"
            className="hidden rounded-md px-2 py-1 label-mono text-muted-foreground hover:text-primary md:inline"
          >
            HOW_IT_WORKS
          </a>
          <Link href={paths.login.getHref(here)} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            LOGIN
          </Link>
          <button type="button" className={buttonVariants({ size: 'sm' })} onClick={onJoinWaitlist}>
            JOIN_WAITLIST
          </button>
        </nav>
      </div>
    </header>
  );
}
