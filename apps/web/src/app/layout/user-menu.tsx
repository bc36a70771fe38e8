import type { User } from '@app/domain/user';
import { ChevronDownIcon, LogOutIcon, SettingsIcon, ShieldIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { logout } from '@/lib/auth';
import { initialsOf, menuNameOf } from '@/lib/user-display';
import { paths } from '../paths';

/** SPEC §2 user menu: NEURAL_PROFILE with SETTINGS, ADMIN (admins only) and LOGOUT. */
export function UserMenu({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const [, navigate] = useLocation();
  const name = menuNameOf(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 gap-2 px-2 normal-case">
          <Avatar className="size-8" aria-hidden="true">
            {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
            <AvatarFallback className="text-xs">{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <span className="max-w-[9rem] truncate text-sm font-bold tracking-wider" title={name}>
            {name}
          </span>
          <ChevronDownIcon className="text-primary" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>NEURAL_PROFILE</DropdownMenuLabel>
        {user.email && <p className="truncate px-2 pb-2 text-xs text-muted-foreground">{user.email}</p>}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.profile.getHref())}>
          <SettingsIcon aria-hidden="true" />
          SETTINGS
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate(paths.admin.getHref())}>
            <ShieldIcon aria-hidden="true" />
            ADMIN
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout()}>
          <LogOutIcon aria-hidden="true" />
          LOGOUT
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
