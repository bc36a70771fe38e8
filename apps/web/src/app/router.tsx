import { type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
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
 * Chooses the route table by access state (SPEC §2, §4): loading screen, then the signed-in app,
 * the PENDING_APPROVAL screen for signed-in users without access, or the public routes.
 */
export function AppRouter() {
  const { user, isLoading, hasAccess, isAdmin, needsApproval } = useAuth();

  if (isLoading) return <AuthLoadingScreen />;

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
function PublicRoutes() {
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

/** A public page inside the (lazily loaded) public layout. */
function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <PublicLayout>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </PublicLayout>
    </Suspense>
  );
}
