import { reputationRegistryAbi } from '@app/contracts/generated';
import type { Feedback, FeedbackEligibility } from '@app/domain/reputation';
import type { Address, Hex } from 'viem';
import { useConfig } from 'wagmi';
import { getConnection, writeContract } from 'wagmi/actions';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { sendChainWrite } from '@/lib/wallet/chain-write';
import { confirmFeedback } from '../../api/feedback';
import { RateForm } from './rate-form';

/** RATE_THIS in wallet mode: the user's linked wallet sends the prepared call. */
export default function WalletRateFormRoot({ avatarId, data }: { avatarId: string; data: FeedbackEligibility }) {
  return (
    <WalletProvider fallback={null}>
      <WalletRateForm avatarId={avatarId} data={data} />
    </WalletProvider>
  );
}

function WalletRateForm({ avatarId, data }: { avatarId: string; data: FeedbackEligibility }) {
  const config = useConfig();
  return <RateForm avatarId={avatarId} data={data} send={(given) => sendFromWallet(config, given)} />;
}

/** Sends the prepared `giveFeedback` from the connected (linked) wallet, then has the server confirm it. */
async function sendFromWallet(config: ReturnType<typeof useConfig>, given: Feedback) {
  const call = given.call!;
  const { address } = getConnection(config);
  if (address?.toLowerCase() !== given.clientAddress.toLowerCase()) {
    throw new Error(`Connect your linked wallet ${given.clientAddress} first (CONNECT_WALLET on /nft)`);
  }
  const [agentId, value, decimals, tag1, tag2, endpoint, uri, hash] = call.args;
  const receipt = await sendChainWrite(config, () =>
    writeContract(config, {
      address: call.address as Address,
      abi: reputationRegistryAbi,
      functionName: 'giveFeedback',
      args: [BigInt(agentId), BigInt(value), decimals, tag1, tag2, endpoint, uri, hash as Hex],
    }),
  );
  await confirmFeedback(given.id, receipt.transactionHash);
}
