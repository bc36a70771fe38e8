/**
 * The data of the public pages the server renders for visitors (plugins/public-pages.ts): the same
 * reads, through the same services and caches, and in the same JSON shape as the API's
 * `GET /api/marketplace/avatars` (first page, default filters) and `GET /api/avatar-details/:id`,
 * so the page the browser hydrates holds exactly what it would have fetched.
 */
import {
  type AvatarDetail,
  AvatarDetailParamsSchema,
  AvatarDetailSchema,
  type MarketplaceAvatar,
  MarketplaceQuerySchema,
} from '@app/domain/marketplace';
import { formatUsdRate, type PriceSource } from '@app/domain/pricing';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { getAvatarDetail } from './avatar-details-service';
import type { ListingCache } from './listing-cache';
import { listMarketplacePageBody } from './marketplace-service';
import type { OwnerStatsCache } from './owner-stats-cache';
import type { PriceService } from './price-service';

/** One listing page as the web app keeps it: the body, the next cursor and the price headers. */
export interface MarketplaceFirstPage {
  avatars: MarketplaceAvatar[];
  nextCursor: string | null;
  priceSource: PriceSource | null;
  usdPerEth: string | null;
}

/** The reads of the rendered public pages. */
export interface PublicPageData {
  /** The listing's first page with no search, the default sort and every category. */
  marketplaceFirstPage: () => Promise<MarketplaceFirstPage>;
  /** An avatar's detail as JSON; null for an id that is malformed or names no avatar on the marketplace. */
  avatarDetail: (id: string) => Promise<AvatarDetail | null>;
}

/**
 * The public pages' reads over the marketplace's services.
 * @param caches the listing's caches, shared with its routes (marketplace-routes.ts)
 */
export function createPublicPageData(
  db: Db,
  prices: PriceService,
  caches: { owners?: OwnerStatsCache; pages?: ListingCache } = {},
): PublicPageData {
  return {
    async marketplaceFirstPage() {
      const page = await listMarketplacePageBody(db, prices, MarketplaceQuerySchema.parse({}), caches);
      return {
        avatars: JSON.parse(page.body.toString('utf8')) as MarketplaceAvatar[],
        nextCursor: page.nextCursor,
        priceSource: page.quote.source,
        usdPerEth: formatUsdRate(page.quote.rate),
      };
    },
    async avatarDetail(id) {
      const params = AvatarDetailParamsSchema.safeParse({ id });
      if (!params.success) return null;
      try {
        const detail = await getAvatarDetail(db, prices, params.data.id);
        // As the route's serializer sends it: validated against the schema, then JSON.
        return JSON.parse(JSON.stringify(AvatarDetailSchema.parse(detail))) as AvatarDetail;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }
    },
  };
}
