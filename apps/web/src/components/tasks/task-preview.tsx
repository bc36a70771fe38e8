import { previewUrlForPage } from '@app/domain/sites-origin';
import { previewKind, type TaskResult } from '@app/domain/tasks';
import {
  DownloadIcon,
  ExternalLinkIcon,
  HeartIcon,
  MessageCircleIcon,
  Repeat2Icon,
  ShieldAlertIcon,
  StoreIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { HashValue } from '@/components/wallet/hash-value';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { parseWebUrl } from '@/lib/web-url';

/** Farcaster's cast length limit, shown under a draft. */
const CAST_MAX_CHARS = 320;

/** A string field of verificationData, or null. */
function text(data: Record<string, unknown>, key: string): string | null {
  const v = data[key];
  return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
}

/**
 * The preview of a task result (SPEC §2: art/NFT, web deployment, replit creation — our
 * `code_project` — and farcaster). Nothing is shown until the result carries what the preview needs.
 */
export function TaskPreview({
  task,
  avatarName,
  compact = false,
}: {
  task: TaskResult;
  avatarName: string;
  compact?: boolean;
}) {
  const data = task.verificationData;
  switch (previewKind(task.taskType)) {
    case 'art':
      return <ArtPreview data={data} compact={compact} />;
    case 'site':
      return <SitePreview data={data} compact={compact} />;
    case 'code':
      return <SitePreview data={data} compact={compact} downloadHref={`/api/tasks/${task.id}/download`} />;
    case 'cast':
      return <CastPreview data={data} avatarName={avatarName} />;
    default:
      return null;
  }
}

/** The minted artwork with its token id and contract (SPEC §2 art/NFT preview). */
function ArtPreview({ data, compact }: { data: Record<string, unknown>; compact: boolean }) {
  const artworkUrl = text(data, 'artworkUrl');
  if (!artworkUrl) return null;
  const prompt = text(data, 'prompt') ?? 'artwork';
  const tokenId = text(data, 'tokenId');
  const contract = text(data, 'contractAddress');
  const marketplace = parseWebUrl(text(data, 'marketplaceUrl'));
  const revised = text(data, 'revisedPrompt');
  return (
    <figure
      className={cn(
        'flex min-w-0 flex-col overflow-hidden rounded-md border border-neon-magenta/40 bg-background/70 shadow-[0_0_24px_-12px_var(--neon-magenta)] sm:flex-row',
        compact && 'sm:flex-col',
      )}
    >
      <img
        src={artworkUrl}
        alt={`Minted artwork: ${prompt}`}
        loading="lazy"
        className={cn('aspect-square w-full shrink-0 bg-background object-cover', compact ? 'max-h-56' : 'sm:w-56')}
        onError={() =>
          // SPEC §8: 'Image Loading Error': 'Failed to load generated artwork'.
          toast({
            title: 'Image Loading Error',
            description: 'Failed to load generated artwork',
            variant: 'destructive',
          })
        }
      />
      <figcaption className="flex min-w-0 flex-1 flex-col gap-2 p-3 text-sm">
        <span className="label-mono text-neon-magenta">ARTWORK_NFT</span>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1">
          <dt className="label-mono text-muted-foreground">TOKEN_ID</dt>
          <dd className="font-mono text-foreground">{tokenId ? `#${tokenId}` : '—'}</dd>
          <dt className="label-mono text-muted-foreground">CONTRACT</dt>
          <dd className="min-w-0">{contract ? <HashValue value={contract} /> : '—'}</dd>
        </dl>
        {revised ? <p className="line-clamp-3 text-xs text-muted-foreground">{revised}</p> : null}
        {marketplace ? (
          <Button asChild size="sm" variant="outline" className="mt-auto self-start">
            <a href={marketplace.href}>
              <StoreIcon aria-hidden="true" />
              VIEW_ON_MARKETPLACE
            </a>
          </Button>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * A deployed site or a code project's main page in a sandboxed frame (SPEC §2: "sandboxed with
 * scripts and same-origin allowed"). BEYOND / DESIGN §4: `allow-scripts allow-same-origin` together
 * would let the page script the app if it were served from the app's origin, so the frame is only
 * rendered when `previewUrl` is on another origin (the sites server, `SITES_ORIGIN`); otherwise a
 * plain link is shown instead.
 */
function SitePreview({
  data,
  compact,
  downloadHref,
}: {
  data: Record<string, unknown>;
  compact: boolean;
  downloadHref?: string;
}) {
  // A preview stored under one loopback name loads from the other one than this
  // page's, so it works whether the app is opened on localhost or 127.0.0.1.
  const here = window.location.origin;
  const stored = parseWebUrl(text(data, 'previewUrl') ?? text(data, 'deploymentUrl'));
  if (!stored) return null;
  const url = new URL(previewUrlForPage(stored.href, here));
  const storedDeployment = parseWebUrl(text(data, 'deploymentUrl'));
  const deployment = storedDeployment ? new URL(previewUrlForPage(storedDeployment.href, here)) : url;
  const sameOrigin = url.origin === window.location.origin;
  const title = text(data, 'title');
  const label = downloadHref ? 'code project' : 'site';
  const meta = [
    text(data, 'framework'),
    typeof data.buildTime === 'number' ? `BUILD ${data.buildTime.toFixed(2)}s` : null,
    Array.isArray(data.files) ? `${data.files.length} FILES` : null,
    typeof data.sizeBytes === 'number' ? `${(data.sizeBytes / 1024).toFixed(1)} KB` : null,
  ].filter(Boolean);
  return (
    <div className="flex min-w-0 flex-col overflow-hidden rounded-md border border-primary/40 bg-background/70 shadow-[0_0_24px_-12px_var(--neon-cyan)]">
      <div className="flex min-w-0 items-center gap-2 border-b border-primary/30 bg-primary/5 px-3 py-2">
        <span className="flex shrink-0 gap-1" aria-hidden="true">
          <span className="size-2 rounded-full bg-neon-magenta/80" />
          <span className="size-2 rounded-full bg-neon-yellow/80" />
          <span className="size-2 rounded-full bg-neon-lime/80" />
        </span>
        <code className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground" title={url.href}>
          {url.href}
        </code>
      </div>
      {sameOrigin ? (
        <p role="note" className="flex items-start gap-2 p-3 text-sm text-neon-yellow">
          <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This preview is served from the app's own origin, so it is not framed here. Open it in a new tab instead.
        </p>
      ) : (
        <iframe
          src={url.href}
          title={`Preview of the ${label}${title ? ` ${title}` : ''}`}
          sandbox="allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
          loading="lazy"
          className={cn('block w-full border-0 bg-white', compact ? 'h-48' : 'h-72 sm:h-80')}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-primary/30 px-3 py-2">
        <span className="flex flex-wrap gap-1.5">
          {meta.map((m) => (
            <Badge key={m} variant="secondary">
              {m}
            </Badge>
          ))}
        </span>
        <span className="ml-auto flex flex-wrap justify-end gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={deployment.href} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              OPEN
            </a>
          </Button>
          {downloadHref ? (
            <Button asChild size="sm" variant="lime">
              <a href={downloadHref} download>
                <DownloadIcon aria-hidden="true" />
                DOWNLOAD_ZIP
              </a>
            </Button>
          ) : null}
        </span>
      </div>
    </div>
  );
}

/** The cast as it would appear on Farcaster: a draft until published, then its cast hash. */
function CastPreview({ data, avatarName }: { data: Record<string, unknown>; avatarName: string }) {
  const draft = text(data, 'draft');
  if (!draft) return null;
  const castHash = text(data, 'castHash');
  const handle =
    avatarName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'avatar';
  return (
    <article
      aria-label={castHash ? 'Published cast' : 'Cast draft'}
      className="flex min-w-0 flex-col gap-3 rounded-md border border-[#8a63d2]/60 bg-[#8a63d2]/10 p-3 shadow-[0_0_24px_-12px_#8a63d2]"
    >
      <header className="flex min-w-0 items-center gap-2.5">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full border border-[#8a63d2] bg-[#8a63d2]/25 font-display text-sm font-bold text-foreground"
        >
          {avatarName.slice(0, 1).toUpperCase()}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-bold text-foreground">{avatarName}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">@{handle}</span>
        </span>
        <Badge variant={castHash ? 'lime' : 'yellow'}>{castHash ? 'PUBLISHED' : 'DRAFT'}</Badge>
      </header>
      <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">{draft}</p>
      {!castHash && text(data, 'composeUrl') ? (
        <p className="text-xs text-muted-foreground">
          Draft ready — not published (no Farcaster account connected on the server).{' '}
          <a
            className="text-primary underline"
            href={text(data, 'composeUrl') ?? undefined}
            target="_blank"
            rel="noreferrer"
          >
            OPEN IN FARCASTER
          </a>
        </p>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground">
        <span className="flex items-center gap-4" aria-hidden="true">
          <MessageCircleIcon className="size-4" />
          <Repeat2Icon className="size-4" />
          <HeartIcon className="size-4" />
        </span>
        <span className="font-mono text-xs">
          {draft.length}/{CAST_MAX_CHARS}
        </span>
      </footer>
      {castHash ? (
        <p className="flex min-w-0 flex-wrap items-center gap-2 border-t border-[#8a63d2]/40 pt-2">
          <span className="label-mono text-muted-foreground">CAST_HASH</span>
          <HashValue value={castHash} />
        </p>
      ) : null}
    </article>
  );
}
