/**
 * The NFT page's routes (SPEC §2 NFT page, §3 NFT forms, and the tokens the user holds): schemas only,
 * the work is in nft-service.ts.
 */
import { ApiErrorSchema } from '@app/domain/api';
import { TxHashSchema, VerifyTaskResponseSchema } from '@app/domain/blockchain';
import {
  NftDelegationRecordedSchema,
  NftDelegationRequestSchema,
  NftMintRecordedSchema,
  NftSkillRecordedSchema,
  NftSkillRequestSchema,
  NftTaskRequestSchema,
  NftTokenSchema,
  NftVoucherRequestSchema,
  NftVoucherResponseSchema,
} from '@app/domain/nft';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { ChainRuntime } from '../../providers/chain/index';
import { NftService } from './nft-service';

export default async function nftRoutes(
  app: FastifyInstance,
  opts: { db: Db; chain: ChainRuntime; appOrigin: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const nft = new NftService(opts.db, opts.chain.service, opts.appOrigin);
  const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

  r.post(
    '/api/nft/voucher',
    {
      onRequest: app.requireAccess,
      schema: { body: NftVoucherRequestSchema, response: { 200: NftVoucherResponseSchema, ...errors } },
    },
    async (req) => nft.voucher(req.user.id, req.body),
  );

  r.post(
    '/api/nft/mints',
    {
      onRequest: app.requireAccess,
      schema: {
        body: z.object({ txHash: TxHashSchema }),
        response: { 200: NftMintRecordedSchema, 201: NftMintRecordedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { created, minted } = await nft.recordMint(req.user.id, req.body.txHash);
      return reply.code(created ? 201 : 200).send(minted);
    },
  );

  r.post(
    '/api/nft/skills',
    {
      onRequest: app.requireAccess,
      schema: { body: NftSkillRequestSchema, response: { 200: NftSkillRecordedSchema, ...errors } },
    },
    async (req) => nft.recordSkill(req.user.id, req.body),
  );

  r.post(
    '/api/nft/tasks',
    {
      onRequest: app.requireAccess,
      schema: { body: NftTaskRequestSchema, response: { 200: VerifyTaskResponseSchema, ...errors } },
    },
    async (req) => nft.recordTask(req.user.id, req.body, req.log),
  );

  r.post(
    '/api/nft/delegations',
    {
      onRequest: app.requireAccess,
      schema: { body: NftDelegationRequestSchema, response: { 200: NftDelegationRecordedSchema, ...errors } },
    },
    async (req) => nft.recordDelegation(req.user.id, req.body),
  );

  r.get(
    '/api/nft/tokens',
    { onRequest: app.requireAccess, schema: { response: { 200: z.array(NftTokenSchema) } } },
    async (req) => nft.tokensOf(req.user.id),
  );
}
