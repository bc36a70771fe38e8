import { BotIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvatars } from '@/lib/get-avatars';

/**
 * AVAILABLE_AVATARS (SPEC §2 Teams page): the user's avatars with name, level and XP, plus how
 * many of the user's teams each is in (an avatar may belong to several).
 */
export function AvailableAvatars({ teamCounts }: { teamCounts: Map<number, number> }) {
  const avatars = useAvatars();
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <BotIcon className="size-4" aria-hidden="true" />
            AVAILABLE_AVATARS
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {avatars.isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading avatars">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : avatars.isError ? (
          <div className="grid gap-2">
            <p role="alert" className="text-sm text-destructive">
              {avatars.error.message}
            </p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => avatars.refetch()}>
              RETRY
            </Button>
          </div>
        ) : !avatars.data?.length ? (
          <div className="grid gap-3 text-sm text-muted-foreground">
            <p>No avatars yet. Create one to start building teams.</p>
            <Button asChild variant="magenta" size="sm" className="w-fit">
              <Link href={paths.studio.getHref()}>CREATE_AVATAR</Link>
            </Button>
          </div>
        ) : (
          <ul aria-label="Available avatars" className="grid grid-cols-1 gap-2">
            {avatars.data.map((a) => {
              const teams = teamCounts.get(a.id) ?? 0;
              return (
                <li key={a.id} className="flex items-center gap-3 rounded-md border border-border bg-background/60 p-2">
                  <AvatarThumbnail src={a.thumbnailUrl} name={a.name} agentType={a.agentType} className="size-10!" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-bold" title={a.name}>
                      {a.name}
                    </p>
                    <p className="font-mono text-xs text-muted-foreground">
                      <span className="text-primary">LV.{a.level ?? 1}</span> ·{' '}
                      <span className="text-neon-lime">{(a.experiencePoints ?? 0).toLocaleString()} XP</span>
                    </p>
                  </div>
                  <span className="shrink-0 font-mono text-[0.65rem] text-muted-foreground uppercase">
                    {teams === 0 ? 'FREE' : `${teams} ${teams === 1 ? 'TEAM' : 'TEAMS'}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
