import type { Feedback, FeedbackEligibility } from '@app/domain/reputation';
import { FEEDBACK_COMMENT_MAX, STAR_VALUES } from '@app/domain/reputation';
import { useQueryClient } from '@tanstack/react-query';
import { StarIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { getServerErrorText } from '@/lib/api';
import { cn } from '@/lib/utils';
import { chainErrorText } from '@/lib/wallet/chain-error';
import { getFeedbackQueryOptions, getReputationQueryOptions, giveFeedback } from '../../api/feedback';

/**
 * The rating form of RATE_THIS: which interaction, 1–5 stars and an optional comment, sent as
 * ERC-8004 feedback — relayed by the platform, or (with `send`) signed by the rater's linked wallet.
 */
export function RateForm({
  avatarId,
  data,
  send,
}: {
  avatarId: string;
  data: FeedbackEligibility;
  /** Wallet mode: sends the prepared `giveFeedback` and confirms it; absent = relayed. */
  send?: (given: Feedback) => Promise<void>;
}) {
  const wallet = Boolean(send);
  const open = data.interactions.filter((i) => !i.rated);
  const ids = { interaction: useId(), comment: useId(), stars: useId() };
  const [interaction, setInteraction] = useState(open[0]?.ref ?? '');
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) {
      toast({ title: 'Pick a rating', description: 'Choose 1 to 5 stars first.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const given = await giveFeedback(avatarId, {
        interaction,
        value: STAR_VALUES[stars - 1]!,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      if (given.call && send) await send(given);
      toast({
        title: 'Rating Sent',
        description:
          given.mode === 'relayed'
            ? 'The platform relays it for you (no linked wallet); it is on chain in a few seconds.'
            : 'Signed by your wallet and recorded on chain.',
      });
      setStars(0);
      setComment('');
    } catch (err) {
      toast({
        title: 'Rating Failed',
        description: wallet
          ? chainErrorText(err, 'The rating was not sent')
          : getServerErrorText(err, 'The rating was not sent'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      await Promise.all([
        qc.invalidateQueries({ queryKey: getFeedbackQueryOptions(avatarId, true).queryKey }),
        qc.invalidateQueries({ queryKey: getReputationQueryOptions(avatarId).queryKey }),
      ]);
    }
  };

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
      {open.length > 1 ? (
        <div className="grid gap-2">
          <Label htmlFor={ids.interaction}>FOR</Label>
          <Select value={interaction} onValueChange={setInteraction}>
            <SelectTrigger id={ids.interaction}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {open.map((i) => (
                <SelectItem key={i.ref} value={i.ref}>
                  {i.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{open[0]?.label}</p>
      )}
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">Rating</legend>
        {STAR_VALUES.map((_, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              className="cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={ids.stars}
                className="sr-only"
                checked={stars === n}
                onChange={() => setStars(n)}
                aria-label={`${n} star${n > 1 ? 's' : ''}`}
              />
              <StarIcon
                aria-hidden="true"
                className={cn('size-6', n <= stars ? 'fill-neon-yellow text-neon-yellow' : 'text-muted-foreground')}
              />
            </label>
          );
        })}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={ids.comment}>
          COMMENT <span className="text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={ids.comment}
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          rows={2}
        />
      </div>
      <p className="text-[0.7rem] text-muted-foreground">
        {wallet
          ? 'Your linked wallet signs it (ERC-8004 giveFeedback on Base).'
          : 'You have no linked wallet, so the platform relays it for you, marked as relayed.'}
      </p>
      <Button type="submit" variant="lime" size="sm" disabled={busy || !interaction} className="self-start">
        {busy ? 'SENDING...' : 'RATE'}
      </Button>
    </form>
  );
}
