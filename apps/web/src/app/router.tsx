import { type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoader } from '@/components/layout/page-loader';
import { AuthLoadingScreen } from '@/features/auth/auth-loading-screen';
import { LandingPage } from '@/features/landing/landing-page';
import { useAuth } from '@/lib/auth';
import { paths } from './paths';
import {
  AccessPendingPage,
  AuthenticatedApp,
  AvatarDetailPage,
  BlockchainPage,
  LoginPage,
  MarketplacePage,
  NftPage,
  PublicLayout,
} from './routes/pages';

/**
 * True when the page arrived with the landing page already rendered in `#root` (dist/landing.html,
 * built by scripts/prerender.mjs and sent for `/`): main.tsx hydrates it, so the first render must
 * produce the same landing page while the user is still loading.
 */
export const LANDING_PRERENDERED =
  typeof document !== 'undefined' && document.getElementById('root')?.dataset.prerendered === 'landing';

/**
 * Chooses the route table by access state (SPEC §2, §4): loading screen, then the signed-in app,
 * the PENDING_APPROVAL screen for signed-in users without access, or the public routes. On a
 * prerendered `/` the landing page stands in for the loading screen (it is already on screen).
 */
export function AppRouter() {
  const { user, isLoading, hasAccess, isAdmin, needsApproval } = useAuth();
  const [location] = useLocation();

  if (isLoading) return LANDING_PRERENDERED && location === paths.home.path ? <PublicRoutes /> : <AuthLoadingScreen />;

  if (user && !hasAccess) {
    return (
      <Suspense fallback={<AuthLoadingScreen />}>
        <AccessPendingPage user={user} needsApproval={needsApproval} />
      </Suspense>
    );
  }

  if (user) {
    return (
      <Suspense fallback={<AuthLoadingScreen />}>
        <AuthenticatedApp user={user} isAdmin={isAdmin} />
      </Suspense>
    );
  }

  return <PublicRoutes />;
}

/** SPEC §2 route table for visitors; anything else falls back to the landing page. */
export function PublicRoutes() {
  return (
    <Switch>
      <Route path={paths.home.path} component={LandingPage} />
      <Route path={paths.login.path}>
        <Suspense fallback={<AuthLoadingScreen />}>
          <LoginPage />
        </Suspense>
      </Route>
      <Route path={paths.marketplace.path}>
        <PublicPage>
          <MarketplacePage />
        </PublicPage>
      </Route>
      <Route path={paths.avatar.detail.path}>
        {(params) => (
          <PublicPage>
            <AvatarDetailPage params={params} />
          </PublicPage>
        )}
      </Route>
      <Route path={paths.blockchain.path}>
        <PublicPage>
          <BlockchainPage />
        </PublicPage>
      </Route>
      <Route path={paths.nft.path}>
        <PublicPage>
          <NftPage />
        </PublicPage>
      </Route>
      <Route component={LandingPage} />
    </Switch>
  );
}

/**
 * Tells boot.ts that the page inside the Suspense boundaries has hydrated, so that the clicks made
 * on a server-rendered page before then are replayed on attached markup. The event's name is
 * `PAGE_HYDRATED_EVENT` in early-interactions.ts, written out here for the reason main.tsx gives.
 */
function AnnouncePageHydrated() {
  useEffect(() => {
    document.dispatchEvent(new Event('app:page-hydrated'));
  }, []);
  return null;
}

/** A public page inside the (lazily loaded) public layout. */
function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <PublicLayout>
        <Suspense fallback={<PageLoader />}>
          {children}
          <AnnouncePageHydrated />
        </Suspense>
      </PublicLayout>
    </Suspense>
  );
}
