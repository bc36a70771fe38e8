import type { Achievement } from '@app/domain/marketplace';
import { TrophyIcon } from 'lucide-react';
import { RarityBadge } from '@/components/avatars/rarity-badge';
import { formatDate } from '../../format';
import { EmptyTab } from './skills-tab';

/**
 * SPEC §2 Achievements: title, rarity badge (SPEC §4 colours: common grey, rare blue, epic purple,
 * legendary yellow), description, unlocked date — unlocked by recorded facts (@app/domain/achievements).
 */
export function AchievementsTab({ achievements }: { achievements: Achievement[] }) {
  if (!achievements.length) {
    return (
      <EmptyTab
        title="NO_ACHIEVEMENTS_YET"
        text="Achievements unlock from recorded facts: minting, training, verified tasks and sales."
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Achievements">
      {achievements.map((a) => (
        <li key={a.id} className="flex min-w-0 gap-3 rounded-lg border border-border bg-card/85 p-4">
          <TrophyIcon className="mt-0.5 size-5 shrink-0 text-neon-yellow" aria-hidden="true" />
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 font-display text-sm font-bold tracking-wide break-words">{a.title}</h3>
              <RarityBadge rarity={a.rarity} />
            </div>
            <p className="text-sm text-muted-foreground">{a.description}</p>
            <p className="text-xs text-muted-foreground">Unlocked {formatDate(a.unlockedDate)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
