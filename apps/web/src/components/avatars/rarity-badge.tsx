import type { Rarity } from '@app/domain/templates';
import { cx } from '@/lib/cx';

/** SPEC §4 rarity colours: common grey, rare blue, epic purple, legendary yellow. */
export const RARITY_CLASSES: Record<Rarity, string> = {
  COMMON: 'border-zinc-400/50 bg-zinc-400/10 text-zinc-300',
  RARE: 'border-sky-400/60 bg-sky-400/10 text-sky-300',
  EPIC: 'border-violet-400/60 bg-violet-400/10 text-violet-300',
  LEGENDARY: 'border-yellow-300/60 bg-yellow-300/10 text-yellow-200',
};

/** A rarity label coloured per SPEC §4 (unknown rarities grey). */
export function RarityBadge({ rarity, className }: { rarity: string; className?: string }) {
  const key = rarity.toUpperCase() as Rarity;
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded border px-2 py-0.5 font-mono text-[0.7rem] font-bold tracking-wider uppercase',
        RARITY_CLASSES[key] ?? RARITY_CLASSES.COMMON,
        className,
      )}
    >
      {key}
    </span>
  );
}
