/**
 * Buying and selling routes (SPEC §7 POST /api/purchase-skill; BEYOND: editions, listings, templates, cards). Thin: each
 * route declares its schemas (from packages/domain) and calls a service.
 *
 * Buying (signed in with access):
 *   GET  /api/payments/config               card processor: sandbox or Stripe (public)
 *   POST /api/purchases/avatar/prepare      {avatarId} → what the wallet sends to buyEdition
 *   POST /api/purchases/skill/prepare       {skillId, avatarId, listingId?} → what it sends to buySkill
 *   POST /api/purchases/confirm             {txHash} → records a wallet purchase from its receipt
 *   POST /api/purchase-avatar               {avatarId, paymentMethod, card?, txHash?, idempotencyKey?}
 *   POST /api/purchase-skill                {skillId, avatarId, paymentMethod, listingId?, card?, txHash?, idempotencyKey?}
 *   GET  /api/purchases/payments/:id        a card payment's state (Stripe: polled until the webhook)
 *   POST /api/purchases/templates/resolve   {name} → the series MINT_AVATAR sells
 *   POST /api/payments/stripe/webhook       Stripe events (raw body, signature, no session, no CSRF check)
 * The three purchase calls take an `Idempotency-Key` header (or the body's idempotencyKey; a card
 * purchase needs one) and answer 201 (recorded now), 200 (a wallet purchase whose tx hash was recorded
 * before), 202 (Stripe: confirm the card in Elements), 402 (card declined / retry), 409 (the avatar
 * has the skill, an open order is buying it, sold out), 422 (the key was used for another request);
 * the same key and body again answers the first final answer again (docs/decisions/010).
 *
 * Selling:
 *   GET    /api/skill-listings?active=1&mine=1&skillId&avatarId&limit   (public, mine=1 signed in)
 *   POST   /api/skill-listings                                          list a skill of your avatar
 *   DELETE /api/skill-listings/:id                                      cancel your listing
 *   PATCH  /api/avatars/:id/price {priceEth | null}                     price your avatar's editions
 */
import { ApiErrorSchema, IdParamSchema } from '@app/domain/api';
import { DEFAULT_ETH_USD_RATE, parseUsdRate } from '@app/domain/pricing';
import {
  AvatarPriceSchema,
  AvatarPurchaseQuoteSchema,
  CardFailureSchema,
  ConfirmPurchaseSchema,
  CreateSkillListingSchema,
  PaymentStatusSchema,
  PaymentsConfigSchema,
  PrepareAvatarPurchaseSchema,
  PrepareSkillPurchaseSchema,
  PurchaseAvatarRequestSchema,
  PurchaseResultSchema,
  PurchaseSkillRequestSchema,
  ResolveTemplateSchema,
  SANDBOX_TEST_CARDS,
  SetAvatarPriceSchema,
  SkillListingSchema,
  SkillListingsQuerySchema,
  SkillPurchaseQuoteSchema,
  TemplateSeriesSchema,
} from '@app/domain/purchases';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChainRuntime } from '../../providers/chain/index';
import { createPaymentProvider } from '../../providers/payments/index';
import type { PaymentProvider } from '../../providers/payments/types';
import type { CreateAvatarHooks } from '../avatars/avatars-service';
import { type Answer, IdempotencyHeadersSchema, idempotencyHeaderIntoBody, sendAnswer } from './idempotency';
import {
  CARD_FULFILMENT_QUEUE,
  CardFailureError,
  type KeyLock,
  PurchasesService,
  STRIPE_EVENTS_QUEUE,
  STRIPE_FULFIL_RETRIES,
} from './purchases-service';
import { SellingService } from './selling-service';
import { resolveTemplate } from './templates-service';

export interface PurchasesRoutesOptions {
  db: Db;
  config: Config;
  chain?: ChainRuntime | null;
  /** Renders the portrait of a template series created on first use. */
  portrait?: CreateAvatarHooks['portrait'];
  /** Overrides the card processor chosen from the configuration (tests). */
  payments?: PaymentProvider;
  /** USD per ETH × 10^8; default the marketplace's price service (`app.prices`), else ETH_USD_RATE. */
  usdRate?: () => Promise<bigint>;
  /** The database-wide lock per key (Database.withKeyLock). */
  lock: KeyLock;
}

/** The webhook path, exempt from the CSRF origin check (Stripe signs its requests instead). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * Card-testing and chain-write abuse guard: purchase calls per IP per minute. While Redis is down
 * purchases are refused (503) rather than counted per process (plugins/rate-limit-store.ts).
 */
const PURCHASE_RATE = { rateLimit: { max: 30, timeWindow: '1 minute', whenStoreDown: 'refuse' as const } };

const purchaseResponses = {
  200: PurchaseResultSchema,
  201: PurchaseResultSchema,
  202: PurchaseResultSchema,
  402: CardFailureSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
};

export default async function purchasesRoutes(app: FastifyInstance, opts: PurchasesRoutesOptions) {
  const { db, config } = opts;
  const chain = opts.chain?.service ?? null;
  const payments = opts.payments ?? (await createPaymentProvider(config));
  const fallbackRate = parseUsdRate(DEFAULT_ETH_USD_RATE);
  const usdRate =
    opts.usdRate ??
    (async () => {
      // The marketplace module decorates `prices` (Chainlink on Base, else ETH_USD_RATE).
      const prices = (app as unknown as { prices?: { quote(): Promise<{ rate: bigint }> } }).prices;
      return prices ? (await prices.quote()).rate : fallbackRate;
    });
  const purchases = new PurchasesService({
    db,
    chain,
    payments,
    usdRate,
    log: app.log,
    jobs: app.jobs,
    lock: opts.lock,
  });
  // Stripe events are fulfilled by a job (retried with backoff, then refunded and dead-lettered)
  await app.jobs.define(STRIPE_EVENTS_QUEUE, {
    policy: 'singleton',
    retryLimit: STRIPE_FULFIL_RETRIES,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: 10,
  });
  await app.jobs.work<{ eventId: string }>(
    STRIPE_EVENTS_QUEUE,
    (job) => purchases.processStripeEvent(job.data.eventId, job.retryCount >= STRIPE_FULFIL_RETRIES),
    { concurrency: 2 },
  );
  // A paid sandbox-card purchase is delivered by a job recorded with the charge; a process
  // killed mid-delivery stops heartbeating and another takes the job over
  await app.jobs.define(CARD_FULFILMENT_QUEUE, {
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    heartbeatSeconds: 10,
  });
  await app.jobs.work<{ paymentId: number }>(
    CARD_FULFILMENT_QUEUE,
    (job) => purchases.fulfilCardPayment(job.data.paymentId),
    { concurrency: 2 },
  );
  const selling = new SellingService(db, chain, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Sends a purchase answer; a refused card answers 402 with its code. */
  const answer = async (reply: FastifyReply, run: () => Promise<Answer>) => {
    try {
      return sendAnswer(reply, await run());
    } catch (err) {
      if (err instanceof CardFailureError) return reply.code(402).send(err.toJSON());
      throw err;
    }
  };

  r.get('/api/payments/config', { schema: { response: { 200: PaymentsConfigSchema } } }, async () => ({
    card: payments.kind,
    publishableKey: payments.kind === 'stripe' ? payments.publishableKey : null,
    testCards:
      payments.kind === 'sandbox'
        ? Object.entries(SANDBOX_TEST_CARDS).map(([n, outcome]) => ({
            number: n.replace(/(\d{4})(?=\d)/g, '$1 '),
            outcome,
          }))
        : [],
  }));

  r.post(
    '/api/purchases/avatar/prepare',
    {
      onRequest: app.requireAccess,
      config: PURCHASE_RATE,
      schema: { body: PrepareAvatarPurchaseSchema, response: { 200: AvatarPurchaseQuoteSchema } },
    },
    async (req) => purchases.prepareAvatar(req.user.id, req.body.avatarId),
  );

  r.post(
    '/api/purchases/skill/prepare',
    {
      onRequest: app.requireAccess,
      config: PURCHASE_RATE,
      schema: { body: PrepareSkillPurchaseSchema, response: { 200: SkillPurchaseQuoteSchema } },
    },
    async (req) => purchases.prepareSkill(req.user.id, req.body),
  );

  r.post(
    '/api/purchases/confirm',
    {
      onRequest: app.requireAccess,
      config: PURCHASE_RATE,
      preValidation: idempotencyHeaderIntoBody,
      schema: { headers: IdempotencyHeadersSchema, body: ConfirmPurchaseSchema, response: purchaseResponses },
    },
    async (req, reply) => answer(reply, () => purchases.confirmRequest(req.user.id, req.body)),
  );

  r.post(
    '/api/purchase-avatar',
    {
      onRequest: app.requireAccess,
      config: PURCHASE_RATE,
      preValidation: idempotencyHeaderIntoBody,
      schema: { headers: IdempotencyHeadersSchema, body: PurchaseAvatarRequestSchema, response: purchaseResponses },
    },
    async (req, reply) => answer(reply, () => purchases.purchaseAvatar(req.user.id, req.body)),
  );

  r.post(
    '/api/purchase-skill',
    {
      onRequest: app.requireAccess,
      config: PURCHASE_RATE,
      preValidation: idempotencyHeaderIntoBody,
      schema: { headers: IdempotencyHeadersSchema, body: PurchaseSkillRequestSchema, response: purchaseResponses },
    },
    async (req, reply) => answer(reply, () => purchases.purchaseSkill(req.user.id, req.body)),
  );

  r.get(
    '/api/purchases/payments/:id',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: PaymentStatusSchema } } },
    async (req) => purchases.paymentStatus(req.user.id, req.params.id),
  );

  r.post(
    '/api/purchases/templates/resolve',
    {
      onRequest: app.requireAccess,
      schema: { body: ResolveTemplateSchema, response: { 200: TemplateSeriesSchema, 404: ApiErrorSchema } },
    },
    async (req) => resolveTemplate(db, opts.lock, req.body.name, { portrait: opts.portrait }, await usdRate()),
  );

  // ---------------------------------------------------------------------------------- selling

  r.get(
    '/api/skill-listings',
    { schema: { querystring: SkillListingsQuerySchema, response: { 200: z.array(SkillListingSchema) } } },
    async (req) => selling.list(req.query, (await req.currentUser())?.id ?? null, await usdRate()),
  );

  r.post(
    '/api/skill-listings',
    {
      onRequest: app.requireAccess,
      schema: { body: CreateSkillListingSchema, response: { 201: SkillListingSchema } },
    },
    async (req, reply) => reply.code(201).send(await selling.create(req.user.id, req.body)),
  );

  r.delete(
    '/api/skill-listings/:id',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await selling.cancel(req.user.id, req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.patch(
    '/api/avatars/:id/price',
    {
      onRequest: app.requireAccess,
      schema: { params: IdParamSchema, body: SetAvatarPriceSchema, response: { 200: AvatarPriceSchema } },
    },
    async (req) => selling.setPrice(req.user.id, req.params.id, req.body.priceEth),
  );

  // ---------------------------------------------------------------------------------- Stripe webhook

  await app.register(async (hook) => {
    // Signatures cover the exact bytes Stripe sent: keep the body raw in this scope only.
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      STRIPE_WEBHOOK_PATH,
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        if (payments.kind !== 'stripe') return reply.code(404).send({ error: 'Stripe is not configured' });
        const signature = req.headers['stripe-signature'];
        const { duplicate } = await purchases.handleStripeWebhook(
          req.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true, duplicate };
      },
    );
  });
}
