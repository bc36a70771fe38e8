import { avatarNftAbi } from '@app/contracts/generated';
import { shortenAddress } from '@app/domain/format';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfig } from 'wagmi';
import { getConnection, writeContract } from 'wagmi/actions';
import { toast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';
import { chainErrorText } from '@/lib/wallet/chain-error';
import { type ChainWriteReceipt, sendChainWrite } from '@/lib/wallet/chain-write';
import { createMintVoucher } from './create-mint-voucher';
import { getNftTokensQueryOptions } from './get-nft-tokens';
import { type RecordedMint, recordMint } from './record-mint';

/** Where a mint is: asking for the voucher, waiting for the wallet and the chain, recording it. */
export type MintStep = 'idle' | 'voucher' | 'wallet' | 'record';

/**
 * MINT: POST /api/nft/voucher, then the user's wallet sends
 * `AvatarNFT.mintWithVoucher(voucher, signature)` paying `price`, then POST /api/nft/mints with the
 * hash. Toasts SPEC §8 'Avatar NFT Minted' and refreshes the token list.
 */
export function useMintEdition() {
  const config = useConfig();
  const [step, setStep] = useState<MintStep>('idle');
  const mutation = useMutation({
    mutationFn: async (input: {
      avatarId: number;
      edition: number;
      maxEditions: number;
    }): Promise<RecordedMint & ChainWriteReceipt & { priceWei: string }> => {
      setStep('voucher');
      const { voucher, signature, contractAddress } = await createMintVoucher(input);
      const { address } = getConnection(config);
      if (address?.toLowerCase() !== voucher.to.toLowerCase()) {
        throw new Error(`The voucher is for your linked wallet ${shortenAddress(voucher.to)}: connect that wallet`);
      }
      setStep('wallet');
      const price = BigInt(voucher.price);
      const receipt = await sendChainWrite(config, () =>
        writeContract(config, {
          address: contractAddress,
          abi: avatarNftAbi,
          functionName: 'mintWithVoucher',
          args: [
            {
              to: voucher.to,
              avatarId: BigInt(voucher.avatarId),
              agentType: voucher.agentType,
              maxEditions: voucher.maxEditions,
              price,
              nonce: BigInt(voucher.nonce),
              deadline: BigInt(voucher.deadline),
              uri: voucher.uri,
            },
            signature,
          ],
          value: price,
        }),
      );
      setStep('record');
      const minted = await recordMint(receipt.transactionHash);
      return { ...minted, ...receipt, priceWei: voucher.price };
    },
    onSettled: () => setStep('idle'),
    onSuccess: async () => {
      toast({ title: 'Avatar NFT Minted', description: 'Your AI Avatar NFT has been minted on Base Network!' });
      await queryClient.invalidateQueries({ queryKey: getNftTokensQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Mint Failed',
        description: chainErrorText(err, 'Could not mint the edition'),
        variant: 'destructive',
      });
    },
  });
  return { ...mutation, step };
}
