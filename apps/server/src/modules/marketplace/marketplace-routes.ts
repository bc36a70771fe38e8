/**
 * Marketplace reads, public (SPEC §6: visitors see the marketplace and avatar
 * detail). Thin handlers; SQL in listing-repository.ts and marketplace-repository.ts, rules in the services.
 *
 * - `GET /api/marketplace/avatars?q&category&sort&limit&cursor` → the SPEC §3 Marketplace avatar
 *   list (the body is the list itself). Paging travels in headers:
 *   `X-Next-Cursor: <opaque>` (absent on the last page) and `Link: <…&cursor=…>; rel="next"`.
 *   `X-Price-Source` / `X-Eth-Usd-Rate` name the rate behind `priceUsd`.
 * - `GET /api/marketplace/price` → `{ usdPerEth, source, updatedAt }`.
 * - `GET /api/avatar-details/:id` → SPEC §3 Avatar detail; 404 `{ error }` for an unknown id.
 *
 * Registered with fastify-plugin so the price service it decorates (`app.prices`) is visible to
 * modules registered after it (e.g. card payments quoting USD), and so are the reads of the visitor
 * pages the server renders (`app.publicPageData`, public-page-data.ts).
 */
import { ApiErrorSchema } from '@app/domain/api';
import {
  AvatarDetailParamsSchema,
  AvatarDetailSchema,
  MarketplaceAvatarListSchema,
  MarketplaceQuerySchema,
  NEXT_CURSOR_HEADER,
} from '@app/domain/marketplace';
import { EthUsdQuoteSchema, formatUsdRate } from '@app/domain/pricing';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChainRuntime } from '../../providers/chain/index';
import { getAvatarDetail } from './avatar-details-service';
import { createListingCache, type ListingCache } from './listing-cache';
import { listMarketplacePageBody } from './marketplace-service';
import { createOwnerStatsCache, type OwnerStatsCache } from './owner-stats-cache';
import { createPriceService, type FeedReader, type PriceService, toQuoteJson } from './price-service';
import { createPublicPageData, type PublicPageData } from './public-page-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** ETH/USD rate for USD prices (Chainlink on Base, else ETH_USD_RATE); see price-service.ts. */
    prices: PriceService;
    /** The reads of the visitor pages the server renders (plugins/public-pages.ts). */
    publicPageData: PublicPageData;
  }
}

export interface MarketplaceRoutesOptions {
  db: Db;
  config: Pick<Config, 'CHAIN' | 'ETH_USD_RATE'> & Partial<Pick<Config, 'ETH_USD_FEED_ADDRESS'>>;
  /** The chain runtime; on base / base-sepolia its public client reads the Chainlink feed. */
  chain?: ChainRuntime | null;
  /** Overrides the price service (tests). */
  prices?: PriceService;
  /** The listing's owner-figures cache; null turns it off (default: 30 s per owner). */
  ownerCache?: OwnerStatsCache | null;
  /** The listing's response cache; null turns it off (default: listing-cache.ts). */
  pageCache?: ListingCache | null;
  /**
   * Subscribes to a NOTIFY channel (Database.listen). With it, both caches are emptied on
   * `market_changed` (migration 0005); without it the page cache is off (it would only be bounded
   * by its TTL, which is not correct with two processes).
   */
  listen?: (channel: string, onMessage: () => void) => Promise<() => Promise<void>>;
}

/** The NOTIFY channel of migration 0005_market_changed. */
export const MARKET_CHANGED_CHANNEL = 'market_changed';

/** `?…&cursor=<next>`: the request's own query with the cursor replaced, for the `Link` header. */
function nextLink(url: string, cursor: string): string {
  const u = new URL(url, 'http://localhost');
  u.searchParams.set('cursor', cursor);
  return `${u.pathname}${u.search}`;
}

async function marketplaceRoutes(app: FastifyInstance, opts: MarketplaceRoutesOptions) {
  const { db } = opts;
  const prices =
    opts.prices ??
    createPriceService({
      config: opts.config,
      reader: (opts.chain?.service.publicClient as FeedReader | undefined) ?? null,
      warn: (m) => app.log.warn(m),
    });
  app.decorate('prices', prices);
  const ownerCache = opts.ownerCache === undefined ? createOwnerStatsCache() : opts.ownerCache;
  const pageCache = opts.listen ? (opts.pageCache === undefined ? createListingCache() : opts.pageCache) : null;
  if (opts.listen) {
    const unlisten = await opts.listen(MARKET_CHANGED_CHANNEL, () => {
      pageCache?.clear();
      ownerCache?.clear();
    });
    app.addHook('onClose', async () => unlisten());
  }
  app.decorate(
    'publicPageData',
    createPublicPageData(db, prices, { owners: ownerCache ?? undefined, pages: pageCache ?? undefined }),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/marketplace/avatars',
    {
      schema: {
        querystring: MarketplaceQuerySchema,
        response: { 200: MarketplaceAvatarListSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const page = await listMarketplacePageBody(db, prices, req.query, {
        owners: ownerCache ?? undefined,
        pages: pageCache ?? undefined,
      });
      if (page.nextCursor) {
        reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        reply.header('link', `<${nextLink(req.url, page.nextCursor)}>; rel="next"`);
      }
      reply.header('x-price-source', page.quote.source);
      reply.header('x-eth-usd-rate', formatUsdRate(page.quote.rate));
      // Already validated and serialised (marketplace-service.ts): sent as is.
      return reply.type('application/json; charset=utf-8').send(page.body as never);
    },
  );

  r.get('/api/marketplace/price', { schema: { response: { 200: EthUsdQuoteSchema } } }, async () =>
    toQuoteJson(await prices.quote()),
  );

  r.get(
    '/api/avatar-details/:id',
    {
      schema: {
        params: AvatarDetailParamsSchema,
        response: { 200: AvatarDetailSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req) => getAvatarDetail(db, prices, req.params.id),
  );
}

export default fp(marketplaceRoutes, { name: 'marketplace' });
