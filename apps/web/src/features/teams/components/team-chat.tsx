import { type Team, type TeamChatReply, teamRoleLabel } from '@app/domain/teams';
import { SendIcon, ZapIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSendTeamMessage } from '../api/send-team-message';

/** One entry of the team thread: the user's message or one member's reply. */
export type ThreadEntry =
  | { id: string; kind: 'user'; text: string }
  | { id: string; kind: 'reply'; reply: TeamChatReply };

let entryCount = 0;
const nextId = () => `e${++entryCount}`;

/**
 * TEAM_CHAT ("collaborative AI"): a message to the whole team gets one reply per
 * member, in speaking order, each in the member's own voice and role. The thread lives in the
 * caller (kept while the page is open); each exchange is stored on the server as training.
 */
export function TeamChat({
  team,
  thread,
  onThreadChange,
}: {
  team: Team;
  thread: ThreadEntry[];
  onThreadChange: (update: (thread: ThreadEntry[]) => ThreadEntry[]) => void;
}) {
  const [text, setText] = useState('');
  const send = useSendTeamMessage();
  const inputId = useId();
  const hintId = useId();
  const memberCount = team.members.length;
  const blocked = !team.isActive
    ? 'This team is INACTIVE. Switch it to ACTIVE in SETTINGS to chat.'
    : memberCount === 0
      ? 'ADD avatars to this team to chat with it.'
      : null;
  const canSend = !blocked && text.trim().length > 0 && !send.isPending;

  const submit = () => {
    const message = text.trim();
    if (!message || blocked || send.isPending) return;
    const userEntry: ThreadEntry = { id: nextId(), kind: 'user', text: message };
    onThreadChange((t) => [...t, userEntry]);
    setText('');
    send.mutate(
      { teamId: team.id, message },
      {
        onSuccess: ({ replies }) =>
          onThreadChange((t) => [...t, ...replies.map((reply) => ({ id: nextId(), kind: 'reply' as const, reply }))]),
        onError: () => {
          // Not delivered: take the message back out of the thread and return it to the input.
          onThreadChange((t) => t.filter((e) => e.id !== userEntry.id));
          setText(message);
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (as on the avatar chat page).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const memberOf = (avatarId: number) => team.members.find((m) => m.avatarId === avatarId);

  return (
    <div className="grid gap-3">
      <ol
        aria-label="Team chat thread"
        aria-live="polite"
        className="grid max-h-[45dvh] min-h-40 content-start gap-3 overflow-y-auto rounded-md border border-border bg-background/60 p-3"
      >
        {thread.length === 0 && !send.isPending && (
          <li className="self-center py-6 text-center text-sm text-muted-foreground">
            <ZapIcon className="mx-auto mb-2 size-5 text-neon-magenta" aria-hidden="true" />
            Brief the team: every member answers in its own voice, from its role.
          </li>
        )}
        {thread.map((entry, i) => {
          const last = i === thread.length - 1;
          const scrollRef = last ? (el: HTMLLIElement | null) => el?.scrollIntoView({ block: 'nearest' }) : undefined;
          if (entry.kind === 'user') {
            return (
              <li
                key={entry.id}
                ref={scrollRef}
                className="ml-auto max-w-[85%] rounded-md border border-primary/40 bg-primary/10 px-3 py-2"
              >
                <p className="label-mono text-primary">YOU</p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{entry.text}</p>
              </li>
            );
          }
          const { reply } = entry;
          const member = memberOf(reply.avatarId);
          return (
            <li
              key={entry.id}
              ref={scrollRef}
              aria-label={`${reply.name} (${teamRoleLabel(reply.role)})`}
              className="flex gap-3 rounded-md border border-neon-magenta/30 bg-card/80 px-3 py-2"
            >
              <AvatarThumbnail
                src={member?.thumbnailUrl}
                name={reply.name}
                agentType={member?.agentType ?? ''}
                className="size-9!"
              />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-bold text-foreground">{reply.name}</span>
                  <Badge variant="magenta">{teamRoleLabel(reply.role)}</Badge>
                  {member && <AgentTypeBadge agentType={member.agentType} className="max-sm:hidden" />}
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-foreground/90">{reply.response}</p>
                {reply.taskSuggestion && (
                  <p className="mt-2 inline-flex flex-wrap items-center gap-2 rounded border border-neon-lime/40 bg-neon-lime/5 px-2 py-1 font-mono text-xs text-neon-lime">
                    <span className="font-bold uppercase">TASK</span>
                    {reply.taskSuggestion.action} · {reply.taskSuggestion.platform} · +{reply.taskSuggestion.xpReward}{' '}
                    XP
                  </p>
                )}
              </div>
            </li>
          );
        })}
        {send.isPending && (
          <li role="status" className="flex items-center gap-2 text-sm text-neon-magenta">
            <span className="size-2 animate-pulse rounded-full bg-neon-magenta motion-reduce:animate-none" />
            PROCESSING... {memberCount} {memberCount === 1 ? 'avatar is' : 'avatars are'} composing replies
          </li>
        )}
      </ol>

      <form className="grid gap-2" onSubmit={onSubmit}>
        <Label htmlFor={inputId}>MESSAGE_TO_TEAM</Label>
        <div className="flex items-end gap-2">
          <Textarea
            id={inputId}
            rows={2}
            className="min-h-12 flex-1 resize-none"
            value={text}
            placeholder={blocked ? 'Team chat unavailable' : 'e.g. Plan the launch of our next NFT drop'}
            disabled={Boolean(blocked)}
            aria-describedby={blocked ? hintId : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" size="icon" disabled={!canSend} aria-label="Send to team">
            <SendIcon aria-hidden="true" />
          </Button>
        </div>
        {blocked ? (
          <p id={hintId} className="text-xs text-neon-yellow">
            {blocked}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">Enter sends · Shift+Enter for a new line</p>
        )}
      </form>
    </div>
  );
}
