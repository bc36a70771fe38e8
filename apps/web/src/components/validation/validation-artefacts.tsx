import type { TaskArtefact } from '@app/domain/task-validation';
import { ChevronRightIcon, DownloadIcon, ExternalLinkIcon, FileIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { HashValue } from '@/components/wallet/hash-value';
import { parseWebUrl } from '@/lib/web-url';

/** A file size in bytes as "312 B", "4.2 KB" or "1.3 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The foot of a validation report: an ARTEFACTS disclosure listing the delivered files the validator
 * checked, each with its size and sha256 (shortened, full value copyable), so anyone can download
 * them and re-run the checks; and the link to the evidence file (responseURI). Nothing when neither
 * exists. The list opens below the row, across the report's full width.
 */
export function ValidationFooter({
  artefacts,
  evidenceHref,
}: {
  artefacts: readonly TaskArtefact[];
  /** An already checked http(s) URL of the evidence file, or null. */
  evidenceHref: string | null;
}) {
  if (artefacts.length === 0 && !evidenceHref) return null;
  return (
    <Collapsible className="grid min-w-0 gap-1">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {artefacts.length > 0 ? (
          <CollapsibleTrigger className="group label-mono flex shrink-0 cursor-pointer items-center gap-2 rounded-sm px-1.5 py-1 text-[0.65rem] whitespace-nowrap text-muted-foreground outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring">
            <ChevronRightIcon
              className="size-3.5 transition-transform group-data-[state=open]:rotate-90"
              aria-hidden="true"
            />
            ARTEFACTS ({artefacts.length})
          </CollapsibleTrigger>
        ) : (
          <span />
        )}
        {evidenceHref ? (
          <a
            href={evidenceHref}
            target="_blank"
            rel="noopener noreferrer"
            className="label-mono inline-flex shrink-0 items-center gap-1.5 rounded-sm px-1.5 py-1 text-[0.65rem] whitespace-nowrap text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            EVIDENCE_FILE
            <ExternalLinkIcon className="size-3" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {artefacts.length > 0 ? (
        <CollapsibleContent>
          <ArtefactList artefacts={artefacts} />
        </CollapsibleContent>
      ) : null}
    </Collapsible>
  );
}

function ArtefactList({ artefacts }: { artefacts: readonly TaskArtefact[] }) {
  return (
    <ul aria-label="Artefacts" className="grid gap-1.5">
      {artefacts.map((a) => {
        const href = parseWebUrl(a.url)?.href ?? null;
        return (
          <li
            key={a.path}
            className="grid min-w-0 gap-0.5 rounded-sm border border-border bg-background/60 px-2.5 py-1.5 text-xs"
          >
            <span className="flex min-w-0 items-center gap-1.5">
              <FileIcon className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="min-w-0 font-mono text-primary underline-offset-2 [overflow-wrap:anywhere] hover:underline"
                >
                  {a.path}
                  <DownloadIcon className="ml-1 inline size-3" aria-hidden="true" />
                </a>
              ) : (
                <span className="min-w-0 font-mono [overflow-wrap:anywhere] text-foreground">{a.path}</span>
              )}
              <span className="ml-auto shrink-0 font-mono text-muted-foreground">{formatBytes(a.bytes)}</span>
            </span>
            <span className="flex min-w-0 flex-col sm:flex-row sm:items-center sm:gap-2">
              <span className="label-mono text-[0.6rem] whitespace-nowrap text-muted-foreground">SHA256</span>
              <HashValue value={a.sha256} className="[&_code]:text-xs" />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
