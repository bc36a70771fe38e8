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

// The pages inside the signed-in app (authenticated-app.tsx imports them from there).
export * from './app-pages';
