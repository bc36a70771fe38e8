import { apiLoginHrefFor, loginHrefFor } from '@app/domain/return-path';

/**
 * Every client route of SPEC §2 in one place. Use `path` in the router and `getHref()` in links;
 * never build route strings in JSX.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** Sign-in; `returnTo` (a page of this app) is where sign-in comes back to, when it is a safe path. */
  login: { path: '/login', getHref: (returnTo?: string | null) => loginHrefFor(returnTo) },
  /** SPEC §2: /profile and /create open the dashboard on another tab. */
  profile: { path: '/profile', getHref: () => '/profile' },
  create: { path: '/create', getHref: () => '/create' },
  /** AVATAR_STUDIO: avatar creation and minting (target of CONNECT_&_MINT and CREATE_NEW). */
  studio: { path: '/studio', getHref: () => '/studio' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  avatar: {
    detail: { path: '/avatar/:id', getHref: (id: string | number) => `/avatar/${encodeURIComponent(String(id))}` },
  },
  avatarChat: {
    path: '/avatar-chat/:id',
    getHref: (id: string | number) => `/avatar-chat/${encodeURIComponent(String(id))}`,
  },
  teams: { path: '/teams', getHref: () => '/teams' },
  blockchain: { path: '/blockchain', getHref: () => '/blockchain' },
  nft: { path: '/nft', getHref: () => '/nft' },
  /** BEYOND: price your avatars' editions and list their skills. */
  sell: { path: '/sell', getHref: () => '/sell' },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** Server routes reached by full navigation, not by the client router. */
  server: {
    /** SPEC §7 GET /api/login: starts sign-in. */
    login: { getHref: (returnTo?: string | null) => apiLoginHrefFor(returnTo) },
  },
} as const;
