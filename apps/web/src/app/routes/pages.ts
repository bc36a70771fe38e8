/**
 * Lazily loaded pages: each is its own chunk, so the landing route downloads none of them
 * (the landing page itself stays in the entry chunk: it is what visitors see first).
 */
import { lazy } from 'react';

export const LoginPage = lazy(() => import('@/features/auth/login-page'));
export const AccessPendingPage = lazy(() => import('@/features/auth/access-pending-page'));
export const PublicLayout = lazy(() => import('../layout/public-layout'));
export const AuthenticatedApp = lazy(() => import('../authenticated-app'));
export const DashboardRoute = lazy(() => import('./dashboard'));
export const NotFoundPage = lazy(() => import('./not-found'));
export const AdminUsersPage = lazy(() => import('@/features/admin/admin-users-page'));
export const StudioPage = lazy(() => import('@/features/studio/studio-page'));
export const MarketplacePage = lazy(() => import('@/features/marketplace/marketplace-page'));
export const AvatarDetailPage = lazy(() => import('@/features/marketplace/avatar-detail-page'));
export const TeamsPage = lazy(() => import('@/features/teams/teams-page'));
export const BlockchainPage = lazy(() => import('@/features/blockchain/blockchain-page'));
export const NftPage = lazy(() => import('@/features/nft/nft-page'));
export const SellPage = lazy(() => import('./sell'));
export const AvatarChatPage = lazy(() => import('@/features/avatar-chat/avatar-chat-page'));
