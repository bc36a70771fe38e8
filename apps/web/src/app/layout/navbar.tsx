import type { User } from '@app/domain/user';
import { Link } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { useAvatars } from '@/lib/get-avatars';
import { paths } from '../paths';
import { signedInNavLinks } from './nav-links';
import { SectionLinks, SectionMenu } from './section-nav';
import { UserMenu } from './user-menu';

/**
 * SPEC §2 signed-in navigation bar: logo, DASHBOARD / MARKETPLACE, mobile menu toggle, user menu;
 * BEYOND: TEAMS, BLOCKCHAIN, NFT, SELL and AVATAR_CHAT beside them (inline on wide
 * screens, in the menu otherwise).
 */
export function Navbar({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const avatars = useAvatars();
  const links = signedInNavLinks(avatars.data?.[0]?.id ?? null);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-4">
          <Link href={paths.home.getHref()} className="shrink-0 rounded-md" aria-label="NEURAL_AVATARS home">
            <Logo compact />
          </Link>
          <SectionLinks links={links} />
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <UserMenu user={user} isAdmin={isAdmin} />
          <SectionMenu links={links} />
        </div>
      </div>
    </header>
  );
}
