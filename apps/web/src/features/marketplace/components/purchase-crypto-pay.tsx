import { marketplaceAbi } from '@app/contracts/generated';
import { shortenAddress } from '@app/domain/format';
import type { PurchaseResult } from '@app/domain/purchases';
import { LoaderIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import type { Address, Hash } from 'viem';
import { useConfig } from 'wagmi';
import { writeContract } from 'wagmi/actions';
import { Button } from '@/components/ui/button';
import { ConnectWalletDialog } from '@/components/wallet/connect-wallet-dialog';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { sendChainWrite } from '@/lib/wallet/chain-write';
import { useLinkWallet } from '@/lib/wallet/link-wallet';
import { useWallet } from '@/lib/wallet/use-wallet';
import { purchaseAvatar } from '../api/purchase-avatar';
import { prepareAvatarPurchase } from '../api/purchase-prepare-avatar';
import { prepareSkillPurchase } from '../api/purchase-prepare-skill';
import { purchaseSkill } from '../api/purchase-skill';
import { CRYPTO_PAY_LABEL_TEXT } from './purchase-labels';
import type { PurchaseOrder } from './purchase-order';

const CRYPTO_PAY_LABEL = CRYPTO_PAY_LABEL_TEXT;

type Step = 'idle' | 'link' | 'prepare' | 'wallet' | 'record';

const STEP_LABEL: Record<Step, string> = {
  idle: CRYPTO_PAY_LABEL,
  link: 'SIGN_TO_LINK_WALLET...',
  prepare: 'PREPARING...',
  wallet: 'CONFIRM_IN_WALLET...',
  record: 'RECORDING...',
};

interface CryptoPayProps {
  order: PurchaseOrder;
  disabled?: boolean;
  onDone: (result: PurchaseResult) => void;
  onError: (err: unknown) => void;
}

/**
 * 'Connect Wallet & Pay' (crypto): connects a wallet (the local test wallet on anvil),
 * links it to the account if it is not (SIWE), asks the server to prepare the sale, sends
 * `Marketplace.buyEdition` / `buySkill` with the exact price from the wallet, and has the server
 * record it from the receipt. A sent transaction whose recording failed is recorded again on the
 * next press, never paid twice. Lazily loaded with wagmi.
 */
export default function PurchaseCryptoPay(props: CryptoPayProps) {
  return (
    <WalletProvider
      fallback={
        <Button type="button" className="w-full" disabled>
          <WalletIcon aria-hidden="true" />
          {CRYPTO_PAY_LABEL}
        </Button>
      }
    >
      <CryptoPay {...props} />
    </WalletProvider>
  );
}

function CryptoPay({ order, disabled, onDone, onError }: CryptoPayProps) {
  const config = useConfig();
  const wallet = useWallet();
  const link = useLinkWallet();
  const [step, setStep] = useState<Step>('idle');
  const [connectOpen, setConnectOpen] = useState(false);
  /** A paid transaction the server has not recorded yet. */
  const [unrecorded, setUnrecorded] = useState<Hash | null>(null);

  const record = (txHash: Hash) =>
    order.kind === 'avatar'
      ? purchaseAvatar({ avatarId: order.avatarId, paymentMethod: 'crypto', txHash })
      : purchaseSkill({
          skillId: order.skillId,
          avatarId: order.avatarId!,
          listingId: order.listingId ?? undefined,
          paymentMethod: 'crypto',
          txHash,
        });

  const pay = async (address: Address) => {
    try {
      if (unrecorded) {
        setStep('record');
        onDone(await record(unrecorded));
        setUnrecorded(null);
        return;
      }
      if (!wallet.linkedAddress) {
        setStep('link');
        await link.mutateAsync(address);
      } else if (wallet.linkedAddress.toLowerCase() !== address.toLowerCase()) {
        throw new Error(`Connect your linked wallet ${shortenAddress(wallet.linkedAddress)} to pay`);
      }
      setStep('prepare');
      let send: () => Promise<Hash>;
      if (order.kind === 'avatar') {
        const q = await prepareAvatarPurchase(order.avatarId);
        send = () =>
          writeContract(config, {
            address: q.marketplaceAddress as Address,
            abi: marketplaceAbi,
            functionName: 'buyEdition',
            args: [BigInt(q.avatarId)],
            value: BigInt(q.priceWei),
          });
      } else {
        const q = await prepareSkillPurchase({
          skillId: order.skillId,
          avatarId: order.avatarId!,
          listingId: order.listingId ?? undefined,
        });
        send = () =>
          writeContract(config, {
            address: q.marketplaceAddress as Address,
            abi: marketplaceAbi,
            functionName: 'buySkill',
            args: [BigInt(q.chainListingId), BigInt(q.buyerTokenId)],
            value: BigInt(q.priceWei),
          });
      }
      setStep('wallet');
      const { transactionHash } = await sendChainWrite(config, send);
      setUnrecorded(transactionHash);
      setStep('record');
      const result = await record(transactionHash);
      setUnrecorded(null);
      onDone(result);
    } catch (err) {
      onError(err);
    } finally {
      setStep('idle');
    }
  };

  const busy = step !== 'idle';
  return (
    <>
      <Button
        type="button"
        className="w-full"
        disabled={busy || disabled}
        onClick={() => (wallet.address ? pay(wallet.address) : setConnectOpen(true))}
      >
        {busy ? (
          <LoaderIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <WalletIcon aria-hidden="true" />
        )}
        {unrecorded && !busy ? 'RECORD_PURCHASE' : STEP_LABEL[step]}
      </Button>
      {wallet.address && (
        <p className="text-center text-xs text-muted-foreground">
          {wallet.connectorName ?? 'Wallet'} · <span className="font-mono">{shortenAddress(wallet.address)}</span>
          {wallet.isLinked ? ' · linked' : ' · not linked yet (you will sign once to link it)'}
        </p>
      )}
      <ConnectWalletDialog open={connectOpen} onOpenChange={setConnectOpen} onConnected={(a) => pay(a)} />
    </>
  );
}
