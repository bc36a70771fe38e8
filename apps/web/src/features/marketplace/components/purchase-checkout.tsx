import { explorerTxUrl } from '@app/domain/blockchain';
import { cardPayLabel, formatUsd, normalizeEth } from '@app/domain/pricing-rules';
import {
  type CardInput,
  PURCHASE_FAILED_TEXT,
  PURCHASE_FAILED_TITLE,
  PURCHASE_SUCCESS_TITLE,
  type PurchaseResult,
  purchaseSuccessText,
} from '@app/domain/purchases';
import { CircleAlertIcon, CircleCheckIcon, CreditCardIcon, LogInIcon, WalletIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { SignInLink } from '@/components/layout/sign-in-link';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { HashValue } from '@/components/wallet/hash-value';
import { toast } from '@/hooks/use-toast';
import { ApiError, getServerErrorText } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { useNetwork } from '@/lib/get-network';
import { getSkillListingsQueryOptions } from '@/lib/get-skill-listings';
import { queryClient } from '@/lib/query-client';
import { purchaseAvatar } from '../api/purchase-avatar';
import { waitForPayment } from '../api/purchase-payment-status';
import { usePaymentsConfig } from '../api/purchase-payments-config';
import { purchaseSkill } from '../api/purchase-skill';
import { PurchaseCardForm } from './purchase-card-form';
import { CRYPTO_PAY_LABEL_TEXT } from './purchase-labels';
import type { PurchaseOrder } from './purchase-order';

// Wallet (wagmi) and Stripe.js stay out of the page's chunk until a tab needs them.
const PurchaseCryptoPay = lazy(() => import('./purchase-crypto-pay'));
const PurchaseStripeForm = lazy(() => import('./purchase-stripe-form'));

/** A fresh idempotency key for one purchase attempt (DESIGN §4: a retry never charges twice). */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The error text to show under the tabs: the server's `{error}`, or the thrown message. */
function errorText(err: unknown): string {
  if (err instanceof ApiError) return getServerErrorText(err, err.message);
  return err instanceof Error && err.message ? err.message : PURCHASE_FAILED_TEXT;
}

/** A 402 that asks to press Pay again with the same attempt (the sandbox's retry card). */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 402) return false;
  try {
    return (JSON.parse(err.body) as { retryable?: boolean }).retryable === true;
  } catch {
    return false;
  }
}

/** Refreshes what a purchase changes: the user's avatars, listings, and the marketplace pages. */
async function refreshAfterPurchase() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getSkillListingsQueryOptions().queryKey }),
    // SPEC §7: "On success the avatar-details data is refreshed" (and the listing's edition counts).
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        (q.queryKey[0].startsWith('/api/avatar-details') || q.queryKey[0].startsWith('/api/marketplace')),
    }),
  ]);
}

/**
 * The body of both purchase dialogs (SPEC §2 purchase dialog): a payment method toggle between a
 * CARD tab (default) and a CRYPTO tab. Card: the sandbox card form (or Stripe Elements). Crypto:
 * send the exact ETH amount to the shown Marketplace address on the configured network, with
 * 'Connect Wallet & Pay'. Signed-out visitors get a prompt to sign in instead. Toasts SPEC §8
 * 'Purchase Successful!' / 'Purchase Failed'; the reason of a failure stays visible in the dialog.
 */
export function PurchaseCheckout({
  order,
  notReady,
  onPurchased,
}: {
  order: PurchaseOrder;
  /** Why paying is not possible yet (e.g. "Choose one of your avatars"); disables both Pay buttons. */
  notReady?: string | null;
  onPurchased?: (result: PurchaseResult) => void;
}) {
  const { user } = useAuth();
  const config = usePaymentsConfig();
  const network = useNetwork();
  const [method, setMethod] = useState<'card' | 'crypto'>('card');
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PurchaseResult | null>(null);

  if (!user) return <SignInPrompt />;
  if (result) return <PurchaseDone result={result} />;

  const priceEth = normalizeEth(order.priceEth);
  // The card is charged in USD, so its button names USD (the wallet tab pays the ETH amount).
  const payLabel = cardPayLabel(order.priceUsd);

  const succeed = (r: PurchaseResult) => {
    setResult(r);
    setError(null);
    setAttemptKey(newAttemptKey());
    toast({ title: PURCHASE_SUCCESS_TITLE, description: purchaseSuccessText(r.name) });
    refreshAfterPurchase().catch(() => undefined);
    onPurchased?.(r);
  };
  const fail = (err: unknown) => {
    const retry = isRetryable(err);
    setError(errorText(err));
    // A refused or finished attempt is over: the next press is a new attempt. A retryable one is not.
    if (!retry && err instanceof ApiError && err.status < 500) setAttemptKey(newAttemptKey());
    toast({ title: PURCHASE_FAILED_TITLE, description: PURCHASE_FAILED_TEXT, variant: 'destructive' });
  };

  const payByCard = async (card: CardInput) => {
    setPending(true);
    setError(null);
    try {
      const r =
        order.kind === 'avatar'
          ? await purchaseAvatar({ avatarId: order.avatarId, paymentMethod: 'card', card, idempotencyKey: attemptKey })
          : await purchaseSkill({
              skillId: order.skillId,
              avatarId: order.avatarId!,
              listingId: order.listingId ?? undefined,
              paymentMethod: 'card',
              card,
              idempotencyKey: attemptKey,
            });
      // 202: paid, still being delivered on chain — wait for the payment to be fulfilled
      const done = r.status === 'processing' && r.paymentId ? (await waitForPayment(r.paymentId)).result : r;
      succeed(done ?? r);
    } catch (err) {
      fail(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-display text-2xl font-black text-foreground">{priceEth} ETH</span>
        {order.priceUsd && <span className="text-sm text-muted-foreground">≈ {formatUsd(order.priceUsd)} USD</span>}
      </p>
      <Tabs
        value={method}
        onValueChange={(v) => {
          setMethod(v as 'card' | 'crypto');
          setError(null);
        }}
      >
        <TabsList aria-label="Payment method">
          <TabsTrigger value="card">
            <CreditCardIcon aria-hidden="true" />
            CARD
          </TabsTrigger>
          <TabsTrigger value="crypto">
            <WalletIcon aria-hidden="true" />
            CRYPTO
          </TabsTrigger>
        </TabsList>
        <TabsContent value="card" className="pt-1">
          {config.data?.card === 'stripe' && config.data.publishableKey ? (
            <Suspense fallback={<p className="label-mono text-primary">LOADING_STRIPE...</p>}>
              <PurchaseStripeForm
                publishableKey={config.data.publishableKey}
                order={order}
                idempotencyKey={attemptKey}
                payLabel={payLabel}
                disabled={Boolean(notReady)}
                onDone={succeed}
                onError={fail}
              />
            </Suspense>
          ) : (
            <PurchaseCardForm
              payLabel={payLabel}
              testCards={config.data?.testCards ?? []}
              pending={pending}
              disabled={Boolean(notReady) || config.isPending}
              onPay={payByCard}
            />
          )}
        </TabsContent>
        <TabsContent value="crypto" className="flex flex-col gap-4 pt-1">
          <div className="flex flex-col gap-2 rounded-md border border-border bg-background/60 p-3 text-sm">
            <p>
              Send exactly <strong className="font-mono text-neon-lime">{priceEth} ETH</strong> to the Marketplace
              contract
              {network.data ? (
                <>
                  {' '}
                  on <strong className="text-foreground">{network.data.name}</strong>
                </>
              ) : null}
              . The contract {order.kind === 'avatar' ? 'mints your edition' : 'writes the skill to your avatar'}, pays
              the seller and refunds any excess.
            </p>
            {network.data && (
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="label-mono text-muted-foreground">MARKETPLACE</span>
                <HashValue value={network.data.contracts.marketplace} />
              </div>
            )}
          </div>
          <Suspense
            fallback={
              <Button type="button" className="w-full" disabled>
                <WalletIcon aria-hidden="true" />
                {CRYPTO_PAY_LABEL_TEXT}
              </Button>
            }
          >
            <PurchaseCryptoPay order={order} disabled={Boolean(notReady)} onDone={succeed} onError={fail} />
          </Suspense>
        </TabsContent>
      </Tabs>
      {notReady && <p className="text-xs text-muted-foreground">{notReady}</p>}
      {error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm"
        >
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <p>{error}</p>
        </div>
      )}
    </div>
  );
}

/** Signed-out visitors: a prompt to sign in (the dialogs also show on public pages). */
function SignInPrompt() {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <p className="text-sm text-muted-foreground">Sign in to buy with a card or your wallet.</p>
      <Button asChild>
        <SignInLink>
          <LogInIcon aria-hidden="true" />
          SIGN_IN_TO_PURCHASE
        </SignInLink>
      </Button>
    </div>
  );
}

/** What was bought: the name, the delivering transaction and where to go next. */
function PurchaseDone({ result }: { result: PurchaseResult }) {
  const network = useNetwork();
  const explorer = network.data ? explorerTxUrl(network.data.explorerUrl, result.transactionHash ?? '') : null;
  return (
    <section aria-label="Purchase complete" className="flex min-w-0 flex-col gap-4">
      <p className="flex items-center gap-2 font-display font-bold tracking-wide text-neon-lime">
        <CircleCheckIcon className="size-5" aria-hidden="true" />
        {purchaseSuccessText(result.name)}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
        {result.kind === 'avatar' ? (
          <>
            <dt className="label-mono text-muted-foreground">EDITION</dt>
            <dd className="font-mono">#{result.edition}</dd>
            <dt className="label-mono text-muted-foreground">TOKEN_ID</dt>
            <dd className="font-mono">#{result.tokenId}</dd>
          </>
        ) : (
          <>
            <dt className="label-mono text-muted-foreground">PROFICIENCY</dt>
            <dd className="font-mono">{result.proficiency}%</dd>
          </>
        )}
        <dt className="label-mono text-muted-foreground">PAID</dt>
        <dd className="font-mono">
          {result.priceEth} ETH{result.card ? ` · ${result.card}` : ''}
        </dd>
        {result.transactionHash && (
          <>
            <dt className="label-mono text-muted-foreground">TX_HASH</dt>
            <dd className="min-w-0">
              <HashValue
                value={result.transactionHash}
                explorerHref={explorer}
                explorerLabel="View transaction in block explorer"
              />
            </dd>
          </>
        )}
      </dl>
      {result.avatarId !== null && (
        <Button asChild variant="lime">
          <Link
            href={
              result.kind === 'avatar'
                ? paths.avatarChat.getHref(result.avatarId)
                : paths.avatar.detail.getHref(result.avatarId)
            }
          >
            {result.kind === 'avatar' ? 'CHAT_WITH_YOUR_AVATAR' : 'VIEW_YOUR_AVATAR'}
          </Link>
        </Button>
      )}
    </section>
  );
}
