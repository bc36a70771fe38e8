/**
 * The validator on websites, artworks and casts: each check passes on good work and fails, with
 * its reason, on work that breaks it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateSite } from '../generators/site-generator';
import type { TaskWork } from '../task-types';
import { validateWork } from './index';

const embedded = { kind: 'embedded', model: null, provider: null } as const;
const noSandbox = {} as never;
const run = (taskType: string, request: string, work: Omit<TaskWork, 'producer'>) =>
  validateWork({ taskType, request, work: { producer: embedded, ...work }, model: null, sandbox: noSandbox }).then(
    (r) => r.report,
  );
const outcomes = (r: { checks: { id: string; outcome: string }[] }) =>
  Object.fromEntries(r.checks.map((c) => [c.id, c.outcome]));
const evidence = (r: { checks: { id: string; evidence: string }[] }, id: string) =>
  r.checks.find((c) => c.id === id)!.evidence;

describe('validating a website', () => {
  const request = 'a landing page for Neon Beans coffee in Lisbon with a menu, gallery and contact section';

  it('passes the embedded generator’s site on every check', async () => {
    const site = generateSite({ prompt: request, avatarName: 'Nova', agentType: 'HACKER' });
    const r = await run('deploy_website', request, { files: site.files });
    expect(outcomes(r)).toEqual({
      'site.html-valid': 'passed',
      'site.sections': 'passed',
      'site.links': 'passed',
      'site.no-external-scripts': 'passed',
      'site.size': 'passed',
    });
    expect(r.score).toBe(100);
    expect(evidence(r, 'site.sections')).toMatch(
      /menu: .* in index\.html\ngallery: .*\ncontact: id="s-contact" in index\.html/,
    );
  });

  it('fails invalid HTML, missing sections, broken links, external scripts and an oversized site', async () => {
    const html = `<!doctype html><html lang="en"><head><title>x</title>
<script src="https://cdn.example.com/tracker.js"></script></head>
<body><h1>Neon Beans</h1><p>hi<div></p><a href="about.html">About</a><a href="#nowhere">x</a>
<img src="img/logo.png" alt="logo"></body></html>`;
    const r = await run('deploy_website', request, {
      files: { 'index.html': html, 'big.txt': 'x'.repeat(1024 * 1024) },
    });
    expect(outcomes(r)).toEqual({
      'site.html-valid': 'failed',
      'site.sections': 'failed',
      'site.links': 'failed',
      'site.no-external-scripts': 'failed',
      'site.size': 'failed',
    });
    expect(r.score).toBe(0);
    expect(evidence(r, 'site.html-valid')).toContain("close-order: Unclosed element '<div>'");
    expect(evidence(r, 'site.sections')).toBe('missing: menu, gallery and contact');
    expect(evidence(r, 'site.links')).toBe(
      'index.html: about.html (no file about.html)\nindex.html: #nowhere (no element with that id)\nindex.html: img/logo.png (no file img/logo.png)',
    );
    expect(evidence(r, 'site.no-external-scripts')).toBe(
      'index.html: <script src="https://cdn.example.com/tracker.js">',
    );
  });
});

describe('validating an artwork', () => {
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#f0a' } })
      .png()
      .toBuffer();

  it('passes an image that decodes, has the size asked for and was made for the request', async () => {
    const bytes = await png(64, 64);
    const r = await run('mint_art_nft', 'a neon fox in the rain', {
      image: { bytes, mime: 'image/png', prompt: 'a neon fox in the rain', width: 64, height: 64 },
    });
    expect(outcomes(r)).toEqual({ 'art.decodes': 'passed', 'art.size': 'passed', 'art.prompt': 'passed' });
    expect(evidence(r, 'art.decodes')).toMatch(/^PNG, 64×64, 3 channels/);
    expect(r.artefacts).toEqual([
      { path: 'artwork.png', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: bytes.length, url: null },
    ]);
  });

  it('accepts a derived prompt that keeps the request’s words, and fails bytes that do not decode, a wrong size or another prompt', async () => {
    const derived = await run('mint_art_nft', 'a neon fox in the rain', {
      image: {
        bytes: await png(32, 32),
        mime: 'image/png',
        prompt: 'Neon fox standing in heavy rain, cinematic light',
        width: 32,
        height: 32,
      },
    });
    expect(outcomes(derived)['art.prompt']).toBe('passed');
    const wrong = await run('mint_art_nft', 'a neon fox in the rain', {
      image: { bytes: await png(32, 16), mime: 'image/png', prompt: 'a bowl of fruit', width: 32, height: 32 },
    });
    expect(outcomes(wrong)).toEqual({ 'art.decodes': 'passed', 'art.size': 'failed', 'art.prompt': 'failed' });
    expect(evidence(wrong, 'art.size')).toBe('decoded 32×16');
    const garbage = await run('mint_art_nft', '', {
      image: { bytes: new Uint8Array([1, 2, 3]), mime: 'image/png', prompt: 'x', width: 32, height: 32 },
    });
    expect(outcomes(garbage)).toMatchObject({ 'art.decodes': 'failed', 'art.size': 'failed' });
    expect(garbage.score).toBe(0);
  });
});

describe('validating a cast', () => {
  it('passes a draft on topic within 320 characters; the hash is not checked for a draft', async () => {
    const r = await run('farcaster_post', 'a post about our coffee launch', {
      cast: { text: 'shipped: our coffee launch. small diff, big impact.', topic: 'our coffee launch', castHash: null },
    });
    expect(outcomes(r)).toEqual({ 'cast.length': 'passed', 'cast.topic': 'passed', 'cast.published': 'not_checked' });
    expect(r.score).toBe(67);
    expect(evidence(r, 'cast.topic')).toBe('topic words named: coffee and launch');
  });

  it('passes a published cast with its hash and fails one too long and off topic', async () => {
    const published = await run('farcaster_post', 'coffee launch', {
      cast: { text: 'Coffee launches today!', topic: 'coffee launch', castHash: `0x${'ab'.repeat(20)}` },
    });
    expect(published.score).toBe(100);
    const bad = await run('farcaster_post', 'coffee launch', {
      cast: { text: 'gm '.repeat(120), topic: 'coffee launch', castHash: 'nope' },
    });
    expect(outcomes(bad)).toEqual({ 'cast.length': 'failed', 'cast.topic': 'failed', 'cast.published': 'failed' });
    expect(evidence(bad, 'cast.length')).toBe('360 characters');
  });
});
