import type { AgentAccess, CreatedApiKey } from '@app/domain/agent-access';
import { useQueryClient } from '@tanstack/react-query';
import { BotIcon, CheckIcon, CopyIcon, KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import {
  createApiKey,
  getAgentAccessQueryOptions,
  revokeApiKey,
  setAgentPublic,
  useAgentAccess,
} from '../../api/agent-access';

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-7 shrink-0 text-muted-foreground hover:text-primary"
      aria-label={copied ? 'Copied' : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          // clipboard refused: the value stays selectable on screen
        }
      }}
    >
      {copied ? <CheckIcon className="size-3.5 text-neon-lime" /> : <CopyIcon className="size-3.5" />}
    </Button>
  );
}

function Endpoint({ name, url }: { name: string; url: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="label-mono w-10 shrink-0 text-[0.65rem] text-muted-foreground">{name}</span>
      <code className="min-w-0 flex-1 truncate font-mono text-xs" title={url}>
        {url}
      </code>
      <CopyButton value={url} label={`Copy the ${name} URL`} />
    </div>
  );
}

/**
 * "API keys / agent access", shown to the avatar's owner only: make the avatar
 * callable by other agents (MCP endpoint, A2A card, listed in its ERC-8004 registration file), create
 * keys (shown once, to copy), list and revoke them.
 */
export function AgentAccessPanel({ avatarId }: { avatarId: string }) {
  const { user } = useAuth();
  const query = useAgentAccess(avatarId, Boolean(user));
  const qc = useQueryClient();
  const [label, setLabel] = useState('');
  const [fresh, setFresh] = useState<CreatedApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const access = query.data;
  if (!access) return null;

  const key = getAgentAccessQueryOptions(avatarId).queryKey;
  const run = async (work: () => Promise<AgentAccess | unknown>) => {
    setBusy(true);
    try {
      const out = await work();
      if (out && typeof out === 'object' && 'keys' in out) qc.setQueryData(key, out as AgentAccess);
      else await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      toast({
        title: 'Agent access',
        description: err instanceof Error ? err.message : 'Something went wrong',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return;
    void run(async () => {
      const created = await createApiKey(avatarId, label.trim());
      setFresh(created);
      setLabel('');
    });
  };

  return (
    <section aria-labelledby="agent-access-heading" className="rounded-lg border border-border bg-card/85 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="agent-access-heading" className="label-mono flex items-center gap-2 text-neon-cyan">
          <BotIcon className="size-4" aria-hidden="true" />
          AGENT_ACCESS
        </h2>
        <div className="flex items-center gap-2">
          <Label htmlFor="agent-public" className="text-xs text-muted-foreground">
            Public
          </Label>
          <Switch
            id="agent-public"
            checked={access.public}
            disabled={busy}
            onCheckedChange={(v) => void run(() => setAgentPublic(avatarId, v))}
          />
        </div>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        {access.public
          ? 'Other agents can call this avatar with one of your API keys. Each call acts as you.'
          : 'Only you can use this avatar. Make it public to let other agents call it with an API key.'}
      </p>
      {access.public && (
        <div className="mt-3 grid gap-1">
          <Endpoint name="MCP" url={access.mcpUrl} />
          <Endpoint name="A2A" url={access.agentCardUrl} />
        </div>
      )}

      {fresh && (
        <div role="status" className="mt-4 rounded-md border border-neon-lime/60 bg-background/60 p-3">
          <p className="text-xs font-semibold text-neon-lime">Copy this key now: it will not be shown again.</p>
          <div className="mt-2 flex min-w-0 items-center gap-2">
            <code className="min-w-0 flex-1 font-mono text-xs break-all select-all">{fresh.key}</code>
            <CopyButton value={fresh.key} label="Copy the new API key" />
          </div>
          <Button type="button" variant="link" className="h-auto px-0 text-xs" onClick={() => setFresh(null)}>
            Done
          </Button>
        </div>
      )}

      <form onSubmit={onCreate} className="mt-4 flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor="api-key-label" className="text-xs">
            New key label
          </Label>
          <Input
            id="api-key-label"
            value={label}
            maxLength={60}
            placeholder="e.g. research bot"
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={busy || !label.trim()}>
          <KeyRoundIcon aria-hidden="true" />
          CREATE_KEY
        </Button>
      </form>

      {access.keys.length > 0 && (
        <ul className="mt-4 grid gap-2" aria-label="API keys">
          {access.keys.map((k) => (
            <li
              key={k.id}
              className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-background/40 p-2"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm">{k.label}</p>
                <p className="truncate font-mono text-[0.7rem] text-muted-foreground">
                  {k.prefix} · {k.lastUsedAt ? `used ${new Date(k.lastUsedAt).toLocaleDateString()}` : 'never used'}
                </p>
              </div>
              {k.revokedAt ? (
                <Badge variant="secondary">REVOKED</Badge>
              ) : (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  aria-label={`Revoke the key ${k.label}`}
                  disabled={busy}
                  onClick={() => void run(() => revokeApiKey(avatarId, k.id))}
                >
                  <Trash2Icon className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
