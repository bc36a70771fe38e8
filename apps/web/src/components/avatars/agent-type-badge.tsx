import type { AgentType } from '@app/domain/avatar';
import { Badge } from '@/components/ui/badge-plain';
import { cx } from '@/lib/cx';

/** Neon colour of each agent type (matches the server's portrait frames: green, magenta, amber). */
export const AGENT_TYPE_VARIANT = {
  HACKER: 'lime',
  CREATOR: 'magenta',
  HUSTLER: 'yellow',
} as const satisfies Record<AgentType, 'lime' | 'magenta' | 'yellow'>;

/** Text colour class per agent type, for headings and icons. */
export const AGENT_TYPE_TEXT = {
  HACKER: 'text-neon-lime',
  CREATOR: 'text-neon-magenta',
  HUSTLER: 'text-neon-yellow',
} as const satisfies Record<AgentType, string>;

/** The agentType badge of an avatar (SPEC §2 MY_AVATARS sidebar and header). */
export function AgentTypeBadge({ agentType, className }: { agentType: string; className?: string }) {
  const variant = AGENT_TYPE_VARIANT[agentType as AgentType] ?? 'default';
  return (
    <Badge variant={variant} className={className}>
      {agentType}
    </Badge>
  );
}

/** Text colour class of an agent type, cyan for unknown ones. */
export function agentTypeTextClass(agentType: string): string {
  return cx(AGENT_TYPE_TEXT[agentType as AgentType] ?? 'text-primary');
}
