import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('serves deployed sites from another host than the app by default', () => {
    const c = loadConfig({ PORT: '5000' });
    expect(c.appOrigin).toBe('http://localhost:5000');
    expect(c.sitesOrigin).toBe('http://127.0.0.1:5001');
    expect(new URL(c.sitesOrigin).hostname).not.toBe(new URL(c.appOrigin).hostname);
  });
  it('lists every bad key at once', () => {
    try {
      loadConfig({ CHAIN: 'base', AI_PROVIDER: 'openai-compatible' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toMatch(/RPC_URL/);
      expect(text).toMatch(/VERIFIER_PRIVATE_KEY/);
      expect(text).toMatch(/MARKETPLACE_ADDRESS/);
      expect(text).toMatch(/AI_BASE_URL/);
    }
  });
  it('refuses the sandbox card processor on a real chain', () => {
    const base = {
      RPC_URL: 'https://base.example/rpc',
      PUBLIC_URL: 'https://app.example',
      VERIFIER_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
      AVATAR_NFT_ADDRESS: `0x${'a'.repeat(40)}`,
      REPUTATION_REGISTRY_ADDRESS: `0x${'b'.repeat(40)}`,
      VALIDATION_REGISTRY_ADDRESS: `0x${'e'.repeat(40)}`,
      MARKETPLACE_ADDRESS: `0x${'c'.repeat(40)}`,
      ARTWORK_NFT_ADDRESS: `0x${'d'.repeat(40)}`,
    };
    for (const CHAIN of ['base', 'base-sepolia']) {
      expect(() => loadConfig({ CHAIN, ...base })).toThrow(/sandbox card processor runs only with the local anvil/);
      const stripe = {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      };
      expect(loadConfig({ CHAIN, ...base, ...stripe }).CHAIN).toBe(CHAIN);
    }
    expect(loadConfig({ CHAIN: 'anvil' }).CHAIN).toBe('anvil');
    expect(loadConfig({ CHAIN: 'none' }).CHAIN).toBe('none');
  });
  it('refuses the admin key on a server, a relayer that is the signer, and Base without PUBLIC_URL', () => {
    const key = `0x${'1'.repeat(64)}`;
    try {
      loadConfig({
        CHAIN: 'base-sepolia',
        ADMIN_PRIVATE_KEY: key,
        DEPLOYER_PRIVATE_KEY: key,
        VERIFIER_PRIVATE_KEY: key,
        FEEDBACK_RELAYER_PRIVATE_KEY: key,
      });
      expect.unreachable();
    } catch (err) {
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toMatch(/ADMIN_PRIVATE_KEY: ADMIN_PRIVATE_KEY is the admin key: it must never be on a server/);
      expect(text).toMatch(/DEPLOYER_PRIVATE_KEY: DEPLOYER_PRIVATE_KEY is the admin key/);
      expect(text).toMatch(/FEEDBACK_RELAYER_PRIVATE_KEY must be another key than VERIFIER_PRIVATE_KEY/);
      expect(text).toMatch(/CHAIN=base-sepolia needs PUBLIC_URL/);
    }
    expect(loadConfig({ MAX_FEE_PER_GAS_GWEI: '2.5', HOT_KEY_LOW_BALANCE_ETH: '0.5' })).toMatchObject({
      MAX_FEE_PER_GAS_GWEI: 2.5,
      HOT_KEY_LOW_BALANCE_ETH: '0.5',
    });
    expect(() => loadConfig({ ETH_USD_FEED_ADDRESS: '0x12' })).toThrow(/ETH_USD_FEED_ADDRESS/);
  });
  it('refuses malformed values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ CHAIN: 'solana' })).toThrow(/CHAIN/);
  });
  it('requires SESSION_SECRET in production and defaults auto-approval by environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).AUTO_APPROVE_USERS).toBe(false);
    expect(loadConfig({}).AUTO_APPROVE_USERS).toBe(true);
  });
});
