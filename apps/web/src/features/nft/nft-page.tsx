import { useQuery } from '@tanstack/react-query';
import { BrainCircuitIcon, GemIcon, ListChecksIcon, LogInIcon, UserCheckIcon, WalletIcon } from 'lucide-react';
import type { Address } from 'viem';
import { SignInLink } from '@/components/layout/sign-in-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { WalletPanel } from '@/components/wallet/wallet-panel';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { useAuth } from '@/lib/auth';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { useNetwork } from '@/lib/get-network';
import { useWallet } from '@/lib/wallet/use-wallet';
import { useNftTokens } from './api/get-nft-tokens';
import { ContractInfoCard } from './components/contract-info-card';
import { DelegateTab } from './components/delegate-tab';
import { MintTab } from './components/mint-tab';
import { SkillsTab } from './components/skills-tab';
import { TasksTab } from './components/tasks-tab';

/**
 * The NFT page (SPEC §2 NFT page, §3 NFT forms, §5 rules), wired: a real wallet, the
 * configured network's AvatarNFT contract, and MINT / SKILLS / TASKS / DELEGATE doing real chain
 * work, each showing its transaction and receipt.
 */
export default function NftPage() {
  return (
    <WalletProvider>
      <NftScreen />
    </WalletProvider>
  );
}

function NftScreen() {
  const network = useNetwork();
  const { user } = useAuth();
  const wallet = useWallet();
  const signedIn = !!user;
  const avatars = useQuery({ ...getAvatarsQueryOptions(), enabled: signedIn });
  const tokens = useNftTokens({ enabled: signedIn });
  if (!network.data) return null; // WalletProvider renders only once the network is known.

  const shared = { walletConnected: wallet.isConnected, signedIn };
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <p className="label-mono text-neon-lime">{'// AVATAR_NFT_OPERATIONS'}</p>
        <h1 className="mt-2 font-display text-2xl font-black tracking-wide break-words sm:text-3xl">
          NFT_
          <wbr />
          <span className="text-neon-magenta glow-text">CONTROL_CENTER</span>
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
          Mint editions of your avatars, record their skills and tasks on chain, and delegate them for a few days.
        </p>
      </div>

      <div className="mb-6 grid items-start gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2">
                <WalletIcon className="size-4" aria-hidden="true" />
                WALLET
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <WalletPanel />
          </CardContent>
        </Card>
        <ContractInfoCard network={network.data} />
      </div>

      {!signedIn && (
        <p className="mb-6 flex flex-wrap items-center gap-2 rounded-md border border-neon-yellow/40 bg-neon-yellow/5 px-3 py-2 text-xs text-neon-yellow">
          Minting, skills, tasks and delegation act on your own avatars: sign in first.
          <SignInLink className="inline-flex items-center gap-1 font-bold underline">
            <LogInIcon className="size-3.5" aria-hidden="true" />
            SIGN_IN
          </SignInLink>
        </p>
      )}

      <Card className="py-4 sm:py-6">
        <CardContent className="px-3 sm:px-6">
          <Tabs defaultValue="mint">
            <TabsList aria-label="NFT operations" className="grid h-auto grid-cols-2 sm:flex">
              <TabsTrigger value="mint">
                <GemIcon aria-hidden="true" />
                MINT
              </TabsTrigger>
              <TabsTrigger value="skills">
                <BrainCircuitIcon aria-hidden="true" />
                SKILLS
              </TabsTrigger>
              <TabsTrigger value="tasks">
                <ListChecksIcon aria-hidden="true" />
                TASKS
              </TabsTrigger>
              <TabsTrigger value="delegate">
                <UserCheckIcon aria-hidden="true" />
                DELEGATE
              </TabsTrigger>
            </TabsList>
            <TabsContent value="mint" className="pt-2">
              <MintTab avatars={avatars.data} tokens={tokens.data} {...shared} />
            </TabsContent>
            <TabsContent value="skills" className="pt-2">
              <SkillsTab avatars={avatars.data} tokens={tokens.data} {...shared} />
            </TabsContent>
            <TabsContent value="tasks" className="pt-2">
              <TasksTab tokens={tokens.data} {...shared} />
            </TabsContent>
            <TabsContent value="delegate" className="pt-2">
              <DelegateTab
                tokens={tokens.data}
                tokensLoading={signedIn && tokens.isPending}
                contractAddress={network.data.contracts.avatarNFT as Address}
                walletAddress={wallet.address}
                {...shared}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
