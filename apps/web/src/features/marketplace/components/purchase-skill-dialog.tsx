import type { PurchaseResult } from '@app/domain/purchases';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
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
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/auth';
import { useAvatars } from '@/lib/get-avatars';
import { useSkillListings } from '@/lib/get-skill-listings';
import { PurchaseCheckout } from './purchase-checkout-lazy';

/** What the dialog needs of a skill for sale: a MarketplaceSkill or a SkillListing fits. */
export interface PurchasableSkill {
  /** The skill's id (skills.id). */
  id: number;
  name: string;
  category?: string;
  /** Decimal ETH ("0.05") of `listingId`; null = unknown (the dialog finds the cheapest listing). */
  priceEth: string | null;
  priceUsd?: string | null;
  /** The listing to buy; null/undefined: the dialog offers the cheapest active listing of the skill. */
  listingId?: number | null;
  /** Proficiency the buyer's avatar gets (0–100), when known. */
  proficiency?: number;
}

/**
 * The Buy Skill dialog (SPEC §2 Avatar detail "Buy Skill dialog", §7 POST /api/purchase-skill):
 * the buyer picks one of her own avatars (not the spec's fixed 13), then pays by
 * card (default) or crypto; the skill is written to that avatar in the DB and on chain. Avatars that
 * already have the skill at that proficiency cannot be chosen. SPEC §8 toasts. Uncontrolled with a
 * `trigger`, or controlled with `open` / `onOpenChange`.
 */
export function BuySkillDialog({
  skill,
  trigger,
  open,
  onOpenChange,
  onPurchased,
  onCloseAutoFocus,
}: {
  skill: PurchasableSkill;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onPurchased?: (result: PurchaseResult) => void;
  /** Where the focus goes when the dialog closes (lazyDialog's trigger); Radix's own trigger by default. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>BUY_SKILL</DialogTitle>
          <DialogDescription>
            <span className="font-bold text-foreground">{skill.name}</span>
            {skill.category ? ` · ${skill.category}` : ''}
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <BuySkillBody skill={skill} onPurchased={onPurchased} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The listing the dialog sells: the one given, else the cheapest active listing of the skill by someone else. */
interface Offer {
  listingId: number;
  priceEth: string;
  priceUsd?: string | null;
  proficiency?: number;
  seller?: string;
}

function useOffer(skill: PurchasableSkill, userId: string | undefined): { offer: Offer | null; isPending: boolean } {
  const listings = useSkillListings({ active: true, skillId: skill.id, limit: 50 });
  const toOffer = (l: NonNullable<typeof listings.data>[number]): Offer => ({
    listingId: l.id,
    priceEth: l.price,
    priceUsd: l.priceUsd,
    proficiency: l.proficiencyLevel,
    seller: `${l.avatarName} #${l.avatarEdition}`,
  });
  if (skill.listingId != null && skill.priceEth !== null) {
    // The page named the listing: its own figures win, the listing's proficiency and seller complete them.
    const l = listings.data?.find((x) => x.id === skill.listingId);
    return {
      offer: l
        ? { ...toOffer(l), priceEth: skill.priceEth, priceUsd: skill.priceUsd }
        : {
            listingId: skill.listingId,
            priceEth: skill.priceEth,
            priceUsd: skill.priceUsd,
            proficiency: skill.proficiency,
          },
      isPending: false,
    };
  }
  const others = (listings.data ?? []).filter((l) => l.sellerId !== userId);
  const cheapest = others.reduce<(typeof others)[number] | null>(
    (best, l) => (best === null || BigInt(l.priceWei) < BigInt(best.priceWei) ? l : best),
    null,
  );
  return { offer: cheapest ? toOffer(cheapest) : null, isPending: listings.isPending };
}

function BuySkillBody({
  skill,
  onPurchased,
}: {
  skill: PurchasableSkill;
  onPurchased?: (result: PurchaseResult) => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const avatars = useAvatars();
  const [chosen, setChosen] = useState<string>('');
  const { offer, isPending } = useOffer(skill, user?.id);
  const list = user ? (avatars.data ?? []) : [];
  /** An avatar that already has the skill at (at least) the sold proficiency gains nothing. */
  const has = (a: (typeof list)[number]) => {
    const s = a.skills.find((x) => x.id === skill.id);
    return s !== undefined && (offer?.proficiency === undefined || s.proficiency >= offer.proficiency) ? s : null;
  };
  const eligible = list.filter((a) => !has(a));
  const avatarId = chosen ? Number(chosen) : (eligible[0]?.id ?? null);

  if (isPending) return <p className="label-mono text-primary">FINDING_A_SELLER...</p>;
  if (!offer) {
    return <p className="text-sm text-muted-foreground">Nobody sells {skill.name} right now. Check back later.</p>;
  }
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {offer.proficiency !== undefined ? (
          <>
            Your avatar gets <strong className="text-foreground">{skill.name}</strong> at{' '}
            <strong className="font-mono text-neon-lime">{offer.proficiency}%</strong>
          </>
        ) : (
          <>
            Your avatar gets <strong className="text-foreground">{skill.name}</strong>
          </>
        )}
        {offer.seller ? ` from ${offer.seller}` : ''}.
      </p>
      {user && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-avatar`}>YOUR_AVATAR</Label>
          {avatars.isSuccess && list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You need an avatar to learn skills.{' '}
              <Link href={paths.studio.getHref()} className="text-primary underline underline-offset-2">
                Create one in AVATAR_STUDIO
              </Link>
              .
            </p>
          ) : (
            <Select value={avatarId ? String(avatarId) : ''} onValueChange={setChosen} disabled={!list.length}>
              <SelectTrigger id={`${id}-avatar`} aria-label="YOUR_AVATAR">
                <SelectValue
                  placeholder={avatars.isPending ? 'Loading your avatars...' : 'Choose one of your avatars'}
                />
              </SelectTrigger>
              <SelectContent>
                {list.map((a) => {
                  const owned = has(a);
                  return (
                    <SelectItem key={a.id} value={String(a.id)} disabled={Boolean(owned)}>
                      {a.name} · LV.{a.level ?? 1}
                      {owned ? ` · has it (${owned.proficiency}%)` : ''}
                    </SelectItem>
                  );
                })}
              </SelectContent>
            </Select>
          )}
          {list.length > 0 && eligible.length === 0 && (
            <Badge variant="lime" className="w-fit">
              All your avatars already have {skill.name}
            </Badge>
          )}
        </div>
      )}
      <PurchaseCheckout
        order={{
          kind: 'skill',
          skillId: skill.id,
          listingId: offer.listingId,
          avatarId,
          name: skill.name,
          priceEth: offer.priceEth,
          priceUsd: offer.priceUsd,
        }}
        notReady={user && avatarId === null ? 'Choose one of your avatars to receive the skill.' : null}
        onPurchased={onPurchased}
      />
    </div>
  );
}

/** A BUY button that opens the dialog (for lists of skills). */
export function BuySkillButton({ skill, label = 'BUY' }: { skill: PurchasableSkill; label?: string }) {
  return (
    <BuySkillDialog
      skill={skill}
      trigger={
        <Button type="button" size="sm" variant="lime" aria-label={`${label} ${skill.name}`}>
          {label}
        </Button>
      }
    />
  );
}
