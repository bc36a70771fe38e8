/**
 * The lazily loaded pages of the signed-in app (authenticated-app.tsx), each its own chunk and
 * preloadable like those of pages.ts, which re-exports them. Kept apart from pages.ts so that the
 * signed-in app, itself a lazy page of pages.ts, does not import the file that imports it.
 */
import { lazyPage } from './lazy-page';

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
