import { shortenAddress } from '@app/domain/format';
import type { User } from '@app/domain/user';
import { LogOutIcon, WalletIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** LINK_WALLET / UNLINK_WALLET: a separate chunk with wagmi, loaded only when this tab shows. */
const WalletStatusActions = lazy(() => import('@/components/wallet/wallet-status-actions'));

/**
 * The dashboard PROFILE tab (SPEC §2): USER_PROFILE (avatar count, STATUS ACTIVE, LOGOUT),
 * WALLET_STATUS, and the profile editor panel passed in by the app.
 */
export function ProfileTab({
  user,
  avatarCount,
  onLogout,
  isLoggingOut,
  editor,
}: {
  user: User;
  /** `undefined` while loading, `null` when the count could not be loaded. */
  avatarCount: number | null | undefined;
  onLogout: () => void;
  isLoggingOut: boolean;
  editor: ReactNode;
}) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_1.5fr]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>USER_PROFILE</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-background/60 px-3 py-2.5">
                <dt className="label-mono text-muted-foreground">AVATARS</dt>
                <dd className="text-lg font-bold text-primary">
                  {avatarCount === undefined ? (
                    <Skeleton className="h-6 w-8" aria-label="Loading avatar count" />
                  ) : avatarCount === null ? (
                    '—'
                  ) : (
                    avatarCount
                  )}
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-background/60 px-3 py-2.5">
                <dt className="label-mono text-muted-foreground">STATUS</dt>
                <dd>
                  <Badge variant="lime">
                    <span className="size-1.5 rounded-full bg-neon-lime" aria-hidden="true" />
                    ACTIVE
                  </Badge>
                </dd>
              </div>
            </dl>
            <Button variant="destructive" className="mt-5 w-full" onClick={onLogout} disabled={isLoggingOut}>
              <LogOutIcon aria-hidden="true" />
              LOGOUT
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>WALLET_STATUS</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {user.walletAddress ? (
              <div className="flex flex-col gap-3">
                <Badge variant="lime">CONNECTED</Badge>
                <p className="flex items-center gap-2 rounded-md border border-border bg-background/60 px-3 py-2.5 text-sm">
                  <WalletIcon className="size-4 text-primary" aria-hidden="true" />
                  {/* SPEC §9: wallet shown as first 6 + last 4 */}
                  <span title={user.walletAddress}>{shortenAddress(user.walletAddress)}</span>
                </p>
                <Suspense fallback={null}>
                  <WalletStatusActions />
                </Suspense>
              </div>
            ) : (
              <div className="flex flex-col gap-4">
                <Badge variant="destructive">NOT_CONNECTED</Badge>
                <p className="text-sm text-muted-foreground">
                  Connect a wallet to mint avatars and trade skills on Base.
                </p>
                <Button asChild variant="outline">
                  <Link href={paths.studio.getHref()}>
                    <WalletIcon aria-hidden="true" />
                    CONNECT_&amp;_MINT
                  </Link>
                </Button>
                <Suspense fallback={null}>
                  <WalletStatusActions />
                </Suspense>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <div className="min-w-0">{editor}</div>
    </div>
  );
}
