import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Logo } from '@/components/layout/logo';
import { useCurrentPath } from '@/lib/return-path';

const PUBLIC_LINKS = [
  { label: 'MARKETPLACE', href: paths.marketplace.getHref() },
  { label: 'BLOCKCHAIN', href: paths.blockchain.getHref() },
  { label: 'NFT', href: paths.nft.getHref() },
];

/** Footer: logo, public links, network note. */
export function LandingFooter() {
  const here = useCurrentPath();
  const LINKS = [{ label: 'LOGIN', href: paths.login.getHref(here) }, ...PUBLIC_LINKS];
  return (
    <footer className="border-t border-border bg-background/90">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-xs text-muted-foreground">AI avatars you own, train and trade. Minted on Base.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="rounded-sm label-mono text-muted-foreground hover:text-primary">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="label-mono text-muted-foreground">© {new Date().getFullYear()} NEURAL_AVATARS</p>
      </div>
    </footer>
  );
}
