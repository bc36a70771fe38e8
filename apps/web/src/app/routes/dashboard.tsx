import { AiChatTab } from '@/features/avatars/ai-chat-tab';
import { CreateTab } from '@/features/avatars/create-tab';
import { MarketplaceTab } from '@/features/dashboard/components/marketplace-tab';
import { ProfileTab } from '@/features/dashboard/components/profile-tab';
import { DashboardPage, type DashboardTab } from '@/features/dashboard/dashboard-page';
import { SkillListingsPanel } from '@/features/marketplace/components/purchase-skill-listings';
import { MintTemplateButton } from '@/features/marketplace/components/purchase-template-button';
import { ProfileEditor } from '@/features/profile/profile-editor';
import { useAuth, useLogout } from '@/lib/auth';
import { useAvatars } from '@/lib/get-avatars';
import { menuNameOf } from '@/lib/user-display';

/** Composes the dashboard (SPEC §2) from the features that own each tab. */
export default function DashboardRoute({ initialTab }: { initialTab: DashboardTab }) {
  const { user } = useAuth();
  const avatars = useAvatars();
  const logout = useLogout();
  if (!user) return null; // Only mounted for signed-in users; keeps the types honest.

  return (
    <DashboardPage
      initialTab={initialTab}
      greeting={menuNameOf(user).toUpperCase()}
      profileTab={
        <ProfileTab
          user={user}
          avatarCount={avatars.isError ? null : avatars.data?.length}
          onLogout={() => logout.mutate()}
          isLoggingOut={logout.isPending}
          editor={<ProfileEditor user={user} />}
        />
      }
      createTab={<CreateTab mintAction={(name) => <MintTemplateButton name={name} />} />}
      marketplaceTab={
        <MarketplaceTab
          mintAction={(name) => <MintTemplateButton name={name} label="MINT" />}
          skillsMarketplace={<SkillListingsPanel />}
        />
      }
      chatTab={<AiChatTab />}
    />
  );
}
