import type { TemplateSeries } from '@app/domain/purchases';
import { MINTABLE_AVATAR_TEMPLATES } from '@app/domain/templates';
import { useMutation } from '@tanstack/react-query';
import { GemIcon, LoaderIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { getServerErrorText } from '@/lib/api';
import { resolveTemplate } from '../api/purchase-template';
import { PurchaseAvatarDialog } from './purchase-avatar-dialog';

/**
 * MINT_AVATAR (dashboard CREATE tab) and MINT (MARKETPLACE tab AI_AVATAR_NFTS) for a template of
 * SPEC §3: finds the template's series on the server, then opens the ordinary
 * purchase dialog for its next edition at the template price (0.15 / 0.25 / 0.35 ETH).
 */
export function MintTemplateButton({
  name,
  label = 'MINT_AVATAR',
  size = 'sm',
}: {
  /** The template's name, e.g. GENESIS_HACKER. */
  name: string;
  label?: string;
  size?: 'sm' | 'default';
}) {
  const template = MINTABLE_AVATAR_TEMPLATES.find((t) => t.name === name);
  const [series, setSeries] = useState<TemplateSeries | null>(null);
  /** After a purchase the minted count is out of date: the next press asks the server again. */
  const [stale, setStale] = useState(false);
  const [open, setOpen] = useState(false);
  const resolve = useMutation({
    mutationFn: () => resolveTemplate(name),
    onSuccess: (s) => {
      setSeries(s);
      setStale(false);
      setOpen(true);
    },
    onError: (err) => {
      toast({
        title: 'Mint Failed',
        description: getServerErrorText(err, 'Could not open this template'),
        variant: 'destructive',
      });
    },
  });
  return (
    <>
      <Button
        type="button"
        variant="magenta"
        size={size}
        aria-label={`${label} ${name}`}
        disabled={resolve.isPending}
        onClick={() => (series && !stale ? setOpen(true) : resolve.mutate())}
      >
        {resolve.isPending ? (
          <LoaderIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <GemIcon aria-hidden="true" />
        )}
        {label}
      </Button>
      {series && (
        <PurchaseAvatarDialog
          avatar={{
            id: series.avatarId,
            name: series.name,
            priceEth: series.priceEth,
            priceUsd: series.priceUsd,
            thumbnailUrl: series.thumbnailUrl,
            agentType: template?.agentType,
            minted: series.minted,
            maxEditions: series.maxEditions,
          }}
          open={open}
          onOpenChange={setOpen}
          onPurchased={() => setStale(true)}
        />
      )}
    </>
  );
}
