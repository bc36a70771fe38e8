/** oidc-provider ships no types; the OIDC test uses a small, explicit part of it. */
declare module 'oidc-provider';
