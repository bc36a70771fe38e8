import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PORTRAIT_COLORS, PORTRAIT_SIZE, portraitSvg, renderPortrait } from './portrait';

describe('renderPortrait', () => {
  it('returns an SVG and a 256 × 256 WebP of a few KB', async () => {
    const { svg, webp } = await renderPortrait({ name: 'GENESIS_HACKER', id: 21, agentType: 'HACKER' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE });
    expect(webp.length).toBeLessThan(40_000);
  });

  it('is deterministic per seed (name + id) and differs between seeds', async () => {
    const a = await renderPortrait({ name: 'Nova', id: 7, agentType: 'CREATOR' });
    const again = await renderPortrait({ name: 'Nova', id: 7, agentType: 'CREATOR' });
    expect(again.svg).toBe(a.svg);
    expect(again.webp.equals(a.webp)).toBe(true);
    const otherId = await renderPortrait({ name: 'Nova', id: 8, agentType: 'CREATOR' });
    const otherName = await renderPortrait({ name: 'Nova2', id: 7, agentType: 'CREATOR' });
    expect(otherId.webp.equals(a.webp)).toBe(false);
    expect(otherName.webp.equals(a.webp)).toBe(false);
  });

  it('frames each agent type in its own neon colour and character style', () => {
    const seed = { name: 'Zed', id: 3 };
    const hacker = portraitSvg({ ...seed, agentType: 'HACKER' });
    const creator = portraitSvg({ ...seed, agentType: 'CREATOR' });
    const hustler = portraitSvg({ ...seed, agentType: 'HUSTLER' });
    expect(hacker).toContain(`#${PORTRAIT_COLORS.HACKER.primary}`);
    expect(creator).toContain(`#${PORTRAIT_COLORS.CREATOR.primary}`);
    expect(hustler).toContain(`#${PORTRAIT_COLORS.HUSTLER.primary}`);
    expect(new Set([hacker, creator, hustler]).size).toBe(3);
    expect(hacker).not.toContain(`#${PORTRAIT_COLORS.HUSTLER.primary}`);
  });
});
