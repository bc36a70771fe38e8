import type { Team } from '@app/domain/teams';
import { MessagesSquareIcon, SettingsIcon, SlidersHorizontalIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TeamChat, type ThreadEntry } from './team-chat';
import { TeamMembers } from './team-members';
import { TeamSettings } from './team-settings';

/** Tighter tabs below `sm`, so the three labels fit a 375 px screen. */
const TRIGGER = 'gap-1 px-1 text-[0.7rem] tracking-wider sm:gap-2 sm:px-3 sm:text-sm sm:tracking-widest';

/**
 * MANAGE on a team card (BEYOND: the spec's button has no action): MEMBERS (roles, remove),
 * TEAM_CHAT (the thread) and SETTINGS (name, description, active state, delete). The chat thread
 * is kept here, so it survives closing and reopening the dialog while the page is open.
 */
export function ManageTeamDialog({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('members');
  const [thread, setThread] = useState<ThreadEntry[]>([]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`MANAGE ${team.name}`}>
          <SlidersHorizontalIcon aria-hidden="true" />
          MANAGE
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl gap-5 p-4 sm:p-6">
        <DialogHeader>
          <p className="label-mono text-neon-magenta">{'// MANAGE_TEAM'}</p>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle className="break-all">{team.name}</DialogTitle>
            <Badge variant={team.isActive ? 'lime' : 'secondary'}>{team.isActive ? 'ACTIVE' : 'INACTIVE'}</Badge>
          </div>
          <DialogDescription>{team.description || 'No description available'}</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Team sections">
            <TabsTrigger value="members" className={TRIGGER}>
              <UsersIcon aria-hidden="true" className="hidden sm:block" />
              MEMBERS
              <span className="rounded bg-primary/20 px-1.5 text-[0.7rem] tabular-nums">{team.members.length}</span>
            </TabsTrigger>
            <TabsTrigger value="chat" className={TRIGGER}>
              <MessagesSquareIcon aria-hidden="true" className="hidden sm:block" />
              TEAM_CHAT
            </TabsTrigger>
            <TabsTrigger value="settings" className={TRIGGER}>
              <SettingsIcon aria-hidden="true" className="hidden sm:block" />
              SETTINGS
            </TabsTrigger>
          </TabsList>
          <TabsContent value="members">
            <TeamMembers team={team} />
          </TabsContent>
          <TabsContent value="chat">
            <TeamChat team={team} thread={thread} onThreadChange={setThread} />
          </TabsContent>
          <TabsContent value="settings">
            <TeamSettings team={team} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
