import { cx } from '@/lib/cx';
import { paths } from '../paths';

/** One section of the navigation. */
export interface NavLink {
  label: string;
  href: string;
  /** Whether `location` (a pathname) belongs to this section: it is then marked `aria-current="page"`. */
  matches: (location: string) => boolean;
  /** Shown inline in the bar from this width up; below it the section is in the menu only. */
  inlineFrom: 'md' | 'xl';
}

const DASHBOARD_PATHS: string[] = [paths.home.path, paths.profile.path, paths.create.path, paths.studio.path];

const under = (prefix: string) => (location: string) => location === prefix || location.startsWith(`${prefix}/`);

/**
 * The sections of SPEC §2's route table a signed-in user reaches from the bar. DASHBOARD and
 * MARKETPLACE are the spec's own links; the others are added beside them because the spec's bar
 * leaves them unreachable. The avatar chat needs an avatar: it opens the user's first one and is
 * left out while the user has none.
 */
export function signedInNavLinks(firstAvatarId: number | null): NavLink[] {
  const links: NavLink[] = [
    {
      label: 'DASHBOARD',
      href: paths.home.getHref(),
      matches: (l) => DASHBOARD_PATHS.includes(l),
      inlineFrom: 'md',
    },
    {
      label: 'MARKETPLACE',
      href: paths.marketplace.getHref(),
      matches: (l) => under(paths.marketplace.path)(l) || l.startsWith('/avatar/'),
      inlineFrom: 'md',
    },
    { label: 'TEAMS', href: paths.teams.getHref(), matches: under(paths.teams.path), inlineFrom: 'xl' },
    { label: 'BLOCKCHAIN', href: paths.blockchain.getHref(), matches: under(paths.blockchain.path), inlineFrom: 'xl' },
    { label: 'NFT', href: paths.nft.getHref(), matches: under(paths.nft.path), inlineFrom: 'xl' },
    { label: 'SELL', href: paths.sell.getHref(), matches: under(paths.sell.path), inlineFrom: 'xl' },
  ];
  if (firstAvatarId !== null) {
    links.push({
      label: 'AVATAR_CHAT',
      href: paths.avatarChat.getHref(firstAvatarId),
      matches: (l) => l.startsWith('/avatar-chat/'),
      inlineFrom: 'xl',
    });
  }
  return links;
}

/** The sections a visitor reaches (SPEC §2 signed-out route table). */
export function signedOutNavLinks(): NavLink[] {
  return [
    {
      label: 'MARKETPLACE',
      href: paths.marketplace.getHref(),
      matches: (l) => under(paths.marketplace.path)(l) || l.startsWith('/avatar/'),
      inlineFrom: 'md',
    },
    { label: 'BLOCKCHAIN', href: paths.blockchain.getHref(), matches: under(paths.blockchain.path), inlineFrom: 'md' },
    { label: 'NFT', href: paths.nft.getHref(), matches: under(paths.nft.path), inlineFrom: 'md' },
  ];
}

/** A section link's classes: the current section glows. */
export const linkClass = (current: boolean) =>
  cx(
    'rounded-md px-2.5 py-2 label-mono whitespace-nowrap transition-colors hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:outline-none',
    current ? 'text-primary glow-text' : 'text-muted-foreground',
  );
