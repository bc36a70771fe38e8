/**
 * Chain-facing routes (SPEC §7 verify-task and user-history): network info, task
 * verification, history, token metadata, custody claim, wallet linking and Sign-In with Ethereum,
 * a JSON-RPC proxy for browser wallets (read and raw-send methods only) and, on the local chain, a
 * faucet for test wallets.
 */
import { IdParamSchema } from '@app/domain/api';
import {
  AddressSchema,
  ClaimResultSchema,
  FaucetResultSchema,
  type NetworkInfo,
  NetworkInfoSchema,
  RegistrationFileSchema,
  SiweNonceSchema,
  ValidationEvidenceSchema,
  VerifiableTasksResponseSchema,
  VerificationRecordSchema,
  VerifyTaskRequestSchema,
  VerifyTaskResponseSchema,
} from '@app/domain/blockchain';
import { UserSchema } from '@app/domain/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatEther, getAddress, parseEther } from 'viem';
import { generateSiweNonce } from 'viem/siwe';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { documentedBody, errorResponse, file, JsonRpcResponseSchema, json, redirect } from '../../lib/api-responses';
import { unavailable } from '../../lib/http-error';
import { canonicalJson } from '../../providers/chain/chain-service';
import type { ChainRuntime } from '../../providers/chain/index';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import { toUserJson, upsertSignIn } from '../users/users-service';
import { claimAvatar } from './mint-service';
import { placeholderImage, registrationFile } from './registration-service';
import { servedEvidence } from './validation-evidence';
import { listVerifiableTasks } from './verifiable-tasks';
import { findValidatedTask, userHistory, verifyTask } from './verification-service';
import {
  linkWallet,
  type SiweExpectations,
  siweParameters,
  unlinkWallet,
  verifyWalletSignature,
} from './wallet-service';

/** JSON-RPC methods browsers may call through /api/chain/rpc: reads and signed raw transactions. */
export const RPC_ALLOWED = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

const SignedMessageSchema = z.object({
  message: z.string().min(10).max(4000),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
});
const RpcCallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string(),
  params: z.array(z.unknown()).optional(),
});

export default async function blockchainRoutes(
  app: FastifyInstance,
  opts: { db: Db; chain: ChainRuntime; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = opts;
  const chain = opts.chain.service;

  r.get(
    '/api/blockchain/network',
    { schema: { response: { 200: NetworkInfoSchema } } },
    async (): Promise<NetworkInfo> => ({
      name: chain.networkName,
      chainId: chain.chain.id,
      explorerUrl: chain.explorerUrl,
      local: chain.kind === 'anvil',
      contracts: chain.addresses,
      rpcUrl: '/api/chain/rpc',
      walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID ?? null,
    }),
  );

  r.post(
    '/api/blockchain/verify-task',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: VerifyTaskRequestSchema, response: { 200: VerifyTaskResponseSchema } },
    },
    async (req) =>
      verifyTask(
        db,
        chain,
        {
          userId: req.user.id,
          avatarId: req.body.avatarId,
          taskType: req.body.taskType,
          taskData: req.body.taskData,
          walletAddress: req.body.userWalletAddress,
        },
        config.appOrigin,
        req.log,
      ),
  );

  // The avatar's finished tasks the verification form offers (ready, verified, not yet ready).
  r.get(
    '/api/blockchain/avatars/:id/verifiable-tasks',
    {
      onRequest: app.requireAccess,
      schema: { params: IdParamSchema, response: { 200: VerifiableTasksResponseSchema } },
    },
    async (req) => {
      const avatar = await loadOwnedAvatar(db, req.params.id, req.user.id);
      return listVerifiableTasks(db, avatar, req.user.id);
    },
  );

  // ERC-8004 validation files: the request payload (its keccak256 is the on-chain requestHash) and the
  // validator's evidence, for every task the platform had validated.
  const TaskKeyParams = z.object({
    key: z
      .string()
      .min(1)
      .max(300)
      .refine((k) => !k.includes('\0'), 'must not contain NUL'),
  });
  r.get(
    '/api/validation/task/:key/request',
    {
      schema: {
        params: TaskKeyParams,
        response: {
          200: json(
            z.record(z.string(), z.unknown()),
            'The ERC-8004 validation request: the exact canonical JSON bytes (sorted keys) hashed into requestHash.',
          ),
        },
      },
    },
    async (req, reply) => {
      const { validationRequest } = await findValidatedTask(db, req.params.key);
      // The exact bytes that were hashed into requestHash (canonical JSON, sorted keys).
      return reply.type('application/json').send(canonicalJson(validationRequest));
    },
  );
  r.get(
    '/api/validation/task/:key/response',
    {
      schema: {
        params: TaskKeyParams,
        response: {
          200: json(
            ValidationEvidenceSchema,
            "The validator's evidence of a claim: the exact canonical JSON bytes (sorted keys) hashed into responseHash.",
          ),
          302: redirect("An agent task's evidence is a file of its own (its responseURI): the redirect goes there."),
        },
      },
    },
    async (req, reply) => {
      const served = servedEvidence(await findValidatedTask(db, req.params.key), chain.account);
      // an agent task's evidence is its own file; a claim's, the exact bytes hashed into responseHash
      if ('redirect' in served) return reply.redirect(served.redirect, 302);
      return reply.type('application/json').send(served.json);
    },
  );

  r.get(
    '/api/blockchain/user-history',
    {
      schema: {
        querystring: z.object({ walletAddress: AddressSchema }),
        response: { 200: z.array(VerificationRecordSchema) },
      },
    },
    async (req) => userHistory(db, req.query.walletAddress),
  );

  // ERC-8004 registration file of every Identity Registry token (its tokenURI); public origin from config.
  r.get(
    '/api/nft/metadata/:id',
    { schema: { params: IdParamSchema, response: { 200: RegistrationFileSchema } } },
    async (req) => registrationFile(db, chain, req.params.id, config.appOrigin),
  );
  r.get(
    '/api/nft/metadata/:id/image.svg',
    {
      schema: {
        params: IdParamSchema,
        response: { 200: file(['image/svg+xml'], 'The placeholder image of a token without a portrait.') },
      },
    },
    async (req, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .send(await placeholderImage(db, chain, req.params.id)),
  );

  r.post(
    '/api/avatars/:id/claim',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: ClaimResultSchema } } },
    async (req) => {
      const row = await claimAvatar(db, chain, req.params.id, req.user.id);
      return {
        id: row.id,
        tokenId: row.tokenId,
        walletAddress: row.walletAddress,
        transactionHash: row.transactionHash,
      };
    },
  );

  // ── wallets ─────────────────────────────────────────────────────────────────────────────────
  r.get(
    '/api/wallet/nonce',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { response: { 200: SiweNonceSchema } } },
    async (req) => {
      const nonce = generateSiweNonce();
      req.session.siweNonce = nonce;
      req.session.siweNonceAt = Date.now();
      await req.session.save();
      // domain and uri from configuration (PUBLIC_URL), never the Host header (which a client chooses)
      return { nonce, ...siweParameters(config.appOrigin, chain.chain.id) };
    },
  );

  /** Takes the session's nonce (single use, whatever the outcome) and what the message must say. */
  const takeNonce = async (req: FastifyRequest): Promise<SiweExpectations> => {
    const nonce = req.session.siweNonce;
    const nonceIssuedAt = req.session.siweNonceAt;
    req.session.siweNonce = undefined;
    req.session.siweNonceAt = undefined;
    await req.session.save();
    return { nonce, nonceIssuedAt, origin: config.appOrigin, chainId: chain.chain.id };
  };

  r.post(
    '/api/wallet/link',
    { onRequest: app.requireAccess, schema: { body: SignedMessageSchema, response: { 200: UserSchema } } },
    async (req) => {
      const address = await verifyWalletSignature(chain.publicClient, req.body, await takeNonce(req));
      return toUserJson(await linkWallet(db, req.user.id, address));
    },
  );

  r.post(
    '/api/wallet/unlink',
    { onRequest: app.requireAccess, schema: { response: { 200: UserSchema } } },
    async (req) => toUserJson(await unlinkWallet(db, req.user.id)),
  );

  r.post(
    '/api/login/siwe',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MIN, timeWindow: '1 minute', whenStoreDown: 'refuse' } },
      schema: { body: SignedMessageSchema, response: { 200: UserSchema } },
    },
    async (req) => {
      const address = await verifyWalletSignature(chain.publicClient, req.body, await takeNonce(req));
      const user = await upsertSignIn(
        db,
        { authSubject: `siwe:${address.toLowerCase()}`, walletAddress: address.toLowerCase() },
        { adminEmails: config.ADMIN_EMAILS, autoApprove: config.AUTO_APPROVE_USERS },
      );
      await req.session.regenerate();
      req.session.userId = user.id;
      await req.session.save();
      return toUserJson(user);
    },
  );

  // ── JSON-RPC proxy for browser wallets ──────────────────────────────────────────────────────
  r.post(
    '/api/chain/rpc',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        body: documentedBody(
          z.union([RpcCallSchema, z.array(RpcCallSchema).min(1).max(20)]),
          'One JSON-RPC 2.0 call, or a batch of 1 to 20, of the read methods browser wallets need (others are answered with JSON-RPC error -32601).',
        ),
        response: {
          200: json(
            z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)]),
            "The chain node's JSON-RPC answer (a batch answers an array).",
          ),
          400: errorResponse(400),
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const calls = Array.isArray(body) ? body : [body];
      if (calls.length === 0 || calls.length > 20)
        return reply.code(400).send({ error: 'Send 1 to 20 JSON-RPC calls' });
      for (const c of calls) {
        const parsed = RpcCallSchema.safeParse(c);
        if (!parsed.success)
          return reply.code(400).send({ error: 'Invalid JSON-RPC call', issues: parsed.error.issues });
        if (!RPC_ALLOWED.has(parsed.data.method)) {
          // A JSON-RPC error (HTTP 200), so clients treat it as final instead of retrying.
          const error = {
            jsonrpc: '2.0',
            id: parsed.data.id ?? null,
            error: { code: -32601, message: `Method ${parsed.data.method} is not allowed` },
          };
          return reply.send(Array.isArray(body) ? [error] : error);
        }
      }
      const res = await fetch(opts.chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      }).catch((err: unknown) => {
        throw Object.assign(unavailable('The blockchain node (RPC) is unavailable right now; try again in a minute.'), {
          cause: err,
          retryAfterSeconds: 30,
        });
      });
      // A node answers JSON-RPC errors with 200; anything else is the node failing, not the caller.
      if (!res.ok) throw unavailable(`The blockchain node (RPC) answered HTTP ${res.status}; try again in a minute.`);
      return reply.type('application/json').send(await res.text());
    },
  );

  if (chain.kind === 'anvil') {
    /** Local chain only: tops a test wallet up to 10 ETH so it can pay for gas and purchases. */
    r.post(
      '/api/chain/faucet',
      {
        onRequest: app.requireUser,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { body: z.object({ address: AddressSchema }), response: { 200: FaucetResultSchema } },
      },
      async (req) => {
        const address = getAddress(req.body.address);
        const balance = await chain.publicClient.getBalance({ address });
        const target = parseEther('10');
        if (balance >= target) return { address, balanceEth: formatEther(balance) };
        await chain.publicClient.request({
          method: 'anvil_setBalance' as never,
          params: [address, `0x${target.toString(16)}`] as never,
        });
        return { address, balanceEth: formatEther(target) };
      },
    );
  }
}
