import {
  ArrowLeftIcon,
  BrainCircuitIcon,
  LogInIcon,
  type LucideIcon,
  ShieldCheckIcon,
  StoreIcon,
  UsersIcon,
  ZapIcon,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useReturnToParam } from '@/lib/return-path';

/** Sign-In with Ethereum: its own chunk, so wagmi is not part of this page's code. */
const SiweSignInButton = lazy(() => import('@/components/wallet/siwe-sign-in-button'));

/** SPEC §2 Sign-in page: the four benefit lines. */
const BENEFITS: { text: string; icon: LucideIcon }[] = [
  { text: 'Create and train AI avatars', icon: BrainCircuitIcon },
  { text: 'Trade skills on the blockchain marketplace', icon: StoreIcon },
  { text: 'Build collaborative avatar teams', icon: UsersIcon },
  { text: 'Secure network verification', icon: ShieldCheckIcon },
];

/** The sign-in page: ACCESS_NEURAL_LINK card with a full-navigation link to /api/login. */
export default function LoginPage() {
  // `/login?returnTo=/teams` signs in and comes back to /teams (safe paths only).
  const returnTo = useReturnToParam();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link href={paths.home.getHref()} className="rounded-md" aria-label="NEURAL_AVATARS home">
          <Logo compact />
        </Link>
        <Button asChild variant="ghost" size="sm">
          <Link href={paths.home.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            BACK
          </Link>
        </Button>
      </header>
      <main id="main" className="grid flex-1 grid-cols-1 place-items-center px-4 py-10">
        <Card className="w-full max-w-md border-primary/50 glow-cyan">
          <CardHeader className="items-center text-center">
            <span className="mb-2 grid size-14 place-items-center rounded-full border border-primary/60 bg-primary/10 text-primary shadow-[0_0_24px_-6px_var(--neon-cyan)]">
              <ZapIcon className="size-6" aria-hidden="true" />
            </span>
            <CardTitle
              asChild
              className="text-lg tracking-wider [overflow-wrap:anywhere] glow-text sm:text-xl sm:tracking-widest"
            >
              <h1>ACCESS_NEURAL_LINK</h1>
            </CardTitle>
            <CardDescription>Sign in to enter the avatar network.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {BENEFITS.map(({ text, icon: Icon }) => (
                <li
                  key={text}
                  className="flex items-center gap-3 rounded-md border border-border bg-background/60 px-3 py-2.5 text-sm"
                >
                  <Icon className="size-4 shrink-0 text-neon-lime" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            {/* A plain link: /api/login is a server route, so the browser must navigate for real. */}
            <Button asChild size="lg" className="w-full">
              <a href={paths.server.login.getHref(returnTo)}>
                <LogInIcon aria-hidden="true" />
                LOGIN
              </a>
            </Button>
            <div className="flex w-full items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              OR
              <span className="h-px flex-1 bg-border" />
            </div>
            <Suspense
              fallback={
                <Button type="button" variant="outline" size="lg" className="w-full" disabled>
                  SIGN_IN_WITH_ETHEREUM
                </Button>
              }
            >
              <SiweSignInButton returnTo={returnTo} />
            </Suspense>
            <p className="text-center text-xs text-muted-foreground">
              By signing in, you agree to our Terms of Service and Privacy Policy.
            </p>
          </CardFooter>
        </Card>
      </main>
    </div>
  );
}
