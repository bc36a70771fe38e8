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
