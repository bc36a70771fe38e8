import { describe, expect, it } from 'vitest';
import { shortenAddress, shortenHash } from './format';

const wallet = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const txHash = '0x5f2c8e1b9a7d4c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e';

describe('shortenAddress (SPEC §9: first 6 + last 4)', () => {
  it('keeps the first 6 and last 4 characters of a wallet address', () => {
    expect(shortenAddress(wallet)).toBe('0x742d...f44e');
  });
  it('returns a value too short to shorten unchanged', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
    expect(shortenAddress('0x12345678abc')).toBe('0x12345678abc');
  });
  it('shortens once the value is longer than the shown parts plus the ellipsis', () => {
    expect(shortenAddress('0x12345678abcd')).toBe('0x1234...abcd');
  });
});

describe('shortenHash (SPEC §9: first 8 + last 6)', () => {
  it('keeps the first 8 and last 6 characters of a transaction hash', () => {
    expect(shortenHash(txHash)).toBe('0x5f2c8e...1c0d9e');
  });
  it('keeps the first 8 and last 6 characters of a contract address', () => {
    expect(shortenHash(wallet)).toBe('0x742d35...38f44e');
  });
  it('returns a short value unchanged', () => {
    expect(shortenHash('')).toBe('');
    expect(shortenHash('0xabc')).toBe('0xabc');
  });
});
