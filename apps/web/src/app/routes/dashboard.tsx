import { AvatarChatPlaceholder } from '@/features/avatars/avatar-chat-placeholder';
import { useAvatars } from '@/features/avatars/api/get-avatars';
import { CreateAvatarPlaceholder } from '@/features/avatars/create-avatar-placeholder';
import { ProfileTab } from '@/features/dashboard/components/profile-tab';
import { DashboardPage, type DashboardTab } from '@/features/dashboard/dashboard-page';
import { ProfileEditor } from '@/features/profile/profile-editor';
import { useAuth, useLogout } from '@/lib/auth';
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
      createTab={<CreateAvatarPlaceholder />}
      chatTab={<AvatarChatPlaceholder />}
    />
  );
}
