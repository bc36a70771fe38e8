/**
 * OpenID Connect authorization-code flow with PKCE (openid-client v6), used when OIDC_ISSUER_URL,
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
 */
import * as client from 'openid-client';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

export interface OidcClient {
  /** Builds the authorization URL and the values to keep in the session until the callback. */
  start(redirectUri: string): Promise<{ url: string; codeVerifier: string; state: string; nonce: string }>;
  /**
   * Exchanges the code of `callbackUrl` (PKCE verifier, state and nonce checked), then asks the
   * userinfo endpoint for the profile (strict providers keep e-mail and name out of the ID token)
   * and returns the ID token claims overlaid with userinfo's. @throws on any mismatch.
   */
  finish(
    callbackUrl: URL,
    saved: { codeVerifier: string; state: string; nonce: string },
  ): Promise<Record<string, unknown> & { sub: string }>;
  issuer: string;
}

/** Discovers the issuer once; http issuers are allowed only on loopback hosts (local test IdPs). */
export async function createOidcClient(s: OidcSettings): Promise<OidcClient> {
  const issuer = new URL(s.issuerUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  const options = issuer.protocol === 'http:' && loopback ? { execute: [client.allowInsecureRequests] } : undefined;
  const config = await client.discovery(issuer, s.clientId, s.clientSecret, undefined, options);
  return {
    issuer: config.serverMetadata().issuer,
    async start(redirectUri) {
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: s.scopes,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, codeVerifier, state, nonce };
    },
    async finish(callbackUrl, saved) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      // OIDC Core §5.3: userinfo's `sub` must equal the ID token's (openid-client checks it).
      const userinfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, claims.sub)
        : {};
      return { ...claims, ...userinfo, sub: claims.sub } as Record<string, unknown> & { sub: string };
    },
  };
}
