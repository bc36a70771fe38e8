import { ArrowLeftIcon, PlusIcon, UsersRoundIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeams } from './api/get-teams';
import { AvailableAvatars } from './components/available-avatars';
import { CreateTeamDialog } from './components/create-team-dialog';
import { TeamCard } from './components/team-card';
import { TeamFeatures } from './components/team-features';

/**
 * /teams (SPEC §2 Teams page, backed by real teams): back-to-dashboard link, CREATE_TEAM, the team
 * card grid (or NO_TEAMS_FOUND), AVAILABLE_AVATARS and the feature blurb.
 */
export default function TeamsPage() {
  const teams = useTeams();

  // How many teams each avatar is in, for the AVAILABLE_AVATARS list.
  const teamCounts = new Map<number, number>();
  for (const team of teams.data ?? []) {
    for (const m of team.members) teamCounts.set(m.avatarId, (teamCounts.get(m.avatarId) ?? 0) + 1);
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Button asChild variant="link" className="h-auto px-0">
        <Link href={paths.home.getHref()}>
          <ArrowLeftIcon aria-hidden="true" />
          BACK_TO_DASHBOARD
        </Link>
      </Button>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="label-mono text-neon-magenta">{'// COLLECTIVE_INTELLIGENCE'}</p>
          <h1 className="mt-2 font-display text-2xl font-black tracking-wide sm:text-3xl">
            AVATAR_<span className="text-primary glow-text">TEAMS</span>
          </h1>
          <p className="mt-2 max-w-xl text-sm text-muted-foreground">
            Assemble your avatars into teams, give each one a role, and put the whole crew on a problem.
          </p>
        </div>
        <CreateTeamDialog />
      </div>

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section aria-labelledby="teams-heading" className="min-w-0">
          <h2 id="teams-heading" className="sr-only">
            Your teams
          </h2>
          {teams.isLoading ? (
            <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading teams">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-52 w-full" />
              ))}
            </div>
          ) : teams.isError ? (
            <div className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-6">
              <p className="label-mono text-destructive">TEAMS_OFFLINE</p>
              <p role="alert" className="text-sm text-destructive">
                {teams.error.message}
              </p>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => teams.refetch()}>
                RETRY
              </Button>
            </div>
          ) : !teams.data?.length ? (
            <div className="grid place-items-center gap-3 rounded-lg border border-dashed border-primary/40 bg-card/60 px-6 py-14 text-center">
              <UsersRoundIcon className="size-10 text-primary/70" aria-hidden="true" />
              <p className="font-display text-lg font-bold tracking-widest text-primary">NO_TEAMS_FOUND</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Create a team, then ADD your avatars to it with a role each.
              </p>
              <CreateTeamDialog
                trigger={
                  <Button variant="outline">
                    <PlusIcon aria-hidden="true" />
                    CREATE_FIRST_TEAM
                  </Button>
                }
              />
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" aria-label="Teams">
              {teams.data.map((team) => (
                <li key={team.id}>
                  <TeamCard team={team} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <aside className="grid gap-6" aria-label="Avatars and team features">
          <AvailableAvatars teamCounts={teamCounts} />
          <TeamFeatures />
        </aside>
      </div>
    </div>
  );
}
