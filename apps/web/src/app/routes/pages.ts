/**
 * Lazily loaded pages: each is its own chunk, so the landing route downloads none of them
 * (the landing page itself stays in the entry chunk: it is what visitors see first). Each can be
 * preloaded (`Page.preload()`, see preload.ts) before it renders.
 */
import { lazyPage } from './lazy-page';

export const LoginPage = lazyPage(() => import('@/features/auth/login-page'));
export const AccessPendingPage = lazyPage(() => import('@/features/auth/access-pending-page'));
export const PublicLayout = lazyPage(() => import('../layout/public-layout'));
export const AuthenticatedApp = lazyPage(() => import('../authenticated-app'));
export const DashboardRoute = lazyPage(() => import('./dashboard'));
export const NotFoundPage = lazyPage(() => import('./not-found'));
export const AdminUsersPage = lazyPage(() => import('@/features/admin/admin-users-page'));
export const StudioPage = lazyPage(() => import('@/features/studio/studio-page'));
export const MarketplacePage = lazyPage(() => import('@/features/marketplace/marketplace-page'));
export const AvatarDetailPage = lazyPage(() => import('@/features/marketplace/avatar-detail-page'));
export const TeamsPage = lazyPage(() => import('@/features/teams/teams-page'));
export const BlockchainPage = lazyPage(() => import('@/features/blockchain/blockchain-page'));
export const NftPage = lazyPage(() => import('@/features/nft/nft-page'));
export const SellPage = lazyPage(() => import('./sell'));
export const AvatarChatPage = lazyPage(() => import('@/features/avatar-chat/avatar-chat-page'));
