import type { User } from '@app/domain/user';
import { HourglassIcon, RefreshCwIcon } from 'lucide-react';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useLogout, useUser } from '@/lib/auth';

/**
 * Shown to a signed-in user without access (SPEC §4, §6): PENDING_APPROVAL while an admin has
 * not approved them yet, ACCESS_RESTRICTED for any other non-active status.
 */
export default function AccessPendingPage({ user, needsApproval }: { user: User; needsApproval: boolean }) {
  const logout = useLogout();
  const { refetch, isFetching } = useUser();
  const title = needsApproval ? 'PENDING_APPROVAL' : 'ACCESS_RESTRICTED';

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo compact />
      </header>
      <main id="main" className="grid flex-1 place-items-center px-4 py-10">
        <Card className="w-full max-w-md border-neon-yellow/50 text-center shadow-[0_0_30px_-10px_var(--neon-yellow)]">
          <CardHeader className="items-center">
            <span className="mb-2 grid size-14 place-items-center rounded-full border border-neon-yellow/60 bg-neon-yellow/10 text-neon-yellow">
              <HourglassIcon className="size-6" aria-hidden="true" />
            </span>
            <CardTitle
              asChild
              className="text-lg tracking-wider text-neon-yellow [overflow-wrap:anywhere] sm:text-xl sm:tracking-widest"
            >
              <h1>{title}</h1>
            </CardTitle>
            <CardDescription>
              {needsApproval
                ? 'Your account is waiting for an administrator to approve it. You will get full access as soon as it is approved.'
                : 'Your account does not have access right now. Contact an administrator if you think this is a mistake.'}
            </CardDescription>
          </CardHeader>
          {user.email && (
            <CardContent>
              <p className="rounded-md border border-border bg-background/60 px-3 py-2 text-sm break-all">
                <span className="label-mono text-muted-foreground">SIGNED_IN_AS </span>
                {user.email}
              </p>
            </CardContent>
          )}
          <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} className="w-full sm:w-auto">
              <RefreshCwIcon aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
              CHECK_STATUS
            </Button>
            <Button
              variant="destructive"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="w-full sm:w-auto"
            >
              LOGOUT
            </Button>
          </CardFooter>
        </Card>
      </main>
    </div>
  );
}
