import type { User } from '@app/domain/user';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '@/components/layout/page-loader';
import { initialTabFor } from '@/features/dashboard/dashboard-page';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';
import {
  AdminUsersPage,
  AvatarChatPage,
  AvatarDetailPage,
  BlockchainPage,
  DashboardRoute,
  MarketplacePage,
  NftPage,
  NotFoundPage,
  SellPage,
  StudioPage,
  TeamsPage,
} from './routes/app-pages';

const DASHBOARD_PATHS = [paths.home.path, paths.profile.path, paths.create.path];

/** SPEC §2 route table for signed-in users with access, inside the navigation bar layout. */
export default function AuthenticatedApp({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  return (
    <AppLayout user={user} isAdmin={isAdmin}>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          {DASHBOARD_PATHS.map((path) => (
            <Route key={path} path={path}>
              {/* Keyed by tab: moving between /, /profile and /create re-opens the route's tab. */}
              <DashboardRoute key={path} initialTab={initialTabFor(path)} />
            </Route>
          ))}
          <Route path={paths.studio.path} component={StudioPage} />
          <Route path={paths.marketplace.path} component={MarketplacePage} />
          <Route path={paths.avatar.detail.path} component={AvatarDetailPage} />
          <Route path={paths.teams.path} component={TeamsPage} />
          <Route path={paths.blockchain.path} component={BlockchainPage} />
          <Route path={paths.nft.path} component={NftPage} />
          <Route path={paths.sell.path} component={SellPage} />
          <Route path={paths.avatarChat.path} component={AvatarChatPage} />
          <Route path={paths.admin.path} component={isAdmin ? AdminUsersPage : NotFoundPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
