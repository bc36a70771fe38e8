import { BotIcon, SparklesIcon, StoreIcon, UserIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type DashboardTab = 'profile' | 'create' | 'marketplace' | 'ai_chat';

/** SPEC §2 Dashboard: /create opens CREATE, /profile opens PROFILE, anything else AI_CHAT. */
export function initialTabFor(pathname: string): DashboardTab {
  if (pathname === paths.create.path) return 'create';
  if (pathname === paths.profile.path) return 'profile';
  return 'ai_chat';
}

/**
 * The dashboard shell: four tabs whose contents are composed by the app (features stay independent).
 * Choosing MARKETPLACE navigates to /marketplace instead of showing a tab; CREATE and MARKETPLACE
 * are hidden on small screens (SPEC §2).
 */
export function DashboardPage({
  initialTab,
  greeting,
  profileTab,
  createTab,
  marketplaceTab,
  chatTab,
}: {
  initialTab: DashboardTab;
  greeting: string;
  profileTab: ReactNode;
  createTab: ReactNode;
  /** SPEC §2 MARKETPLACE tab content (static samples); choosing the tab itself navigates to /marketplace. */
  marketplaceTab?: ReactNode;
  chatTab: ReactNode;
}) {
  const [tab, setTab] = useState<DashboardTab>(initialTab);
  const [, navigate] = useLocation();

  const onTabChange = (value: string) => {
    if (value === 'marketplace') {
      navigate(paths.marketplace.getHref());
      return;
    }
    setTab(value as DashboardTab);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <p className="label-mono text-neon-lime">{'// COMMAND_CENTER'}</p>
        <h1 className="mt-2 font-display text-2xl font-black tracking-wide break-words sm:text-3xl">
          WELCOME_BACK, <span className="text-primary glow-text">{greeting}</span>
        </h1>
      </div>
      {/* Manual activation: arrowing onto MARKETPLACE must not navigate away by itself. */}
      <Tabs value={tab} onValueChange={onTabChange} activationMode="manual">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="profile">
            <UserIcon aria-hidden="true" />
            PROFILE
          </TabsTrigger>
          <TabsTrigger value="create" className="hidden md:inline-flex">
            <SparklesIcon aria-hidden="true" />
            CREATE
          </TabsTrigger>
          <TabsTrigger value="marketplace" className="hidden md:inline-flex">
            <StoreIcon aria-hidden="true" />
            MARKETPLACE
          </TabsTrigger>
          <TabsTrigger value="ai_chat">
            <BotIcon aria-hidden="true" />
            AI_CHAT
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">{profileTab}</TabsContent>
        <TabsContent value="create">{createTab}</TabsContent>
        {marketplaceTab ? <TabsContent value="marketplace">{marketplaceTab}</TabsContent> : null}
        <TabsContent value="ai_chat">{chatTab}</TabsContent>
      </Tabs>
    </div>
  );
}
