import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { useCurrentPath } from '@/lib/return-path';

/** A link to the sign-in page that comes back to the current page afterwards. */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  const here = useCurrentPath();
  return (
    <Link href={paths.login.getHref(here)} className={className}>
      {children}
    </Link>
  );
}
