import { chatActionLabel, type TaskSuggestion } from '@app/domain/chat';
import { PlayIcon, ZapIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/**
 * A task the avatar proposes (SPEC §2/§3): platform, action and xpReward with EXECUTE, which toasts
 * 'Task Initiated' / 'Executing {action} on {platform}...' (SPEC §8) and then calls `onExecute` —
 * BEYOND SPEC §2 ("makes no call"): the page starts the task when the action is a task type.
 */
export function TaskSuggestionCard({
  suggestion,
  onExecute,
}: {
  suggestion: TaskSuggestion;
  onExecute?: (suggestion: TaskSuggestion) => void;
}) {
  const action = chatActionLabel(suggestion.action);
  return (
    <div className="flex w-full max-w-sm flex-wrap items-center gap-3 rounded-md border border-neon-lime/40 bg-neon-lime/5 p-3">
      <div className="flex min-w-0 flex-[1_1_10rem] flex-col gap-0.5">
        <span className="label-mono text-neon-lime">TASK_SUGGESTION</span>
        <span className="truncate text-sm font-bold text-foreground">{action}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 font-mono text-xs text-muted-foreground">
          <span className="whitespace-nowrap">PLATFORM: {suggestion.platform}</span>
          <span className="flex items-center gap-1 whitespace-nowrap text-neon-yellow">
            <ZapIcon className="size-3" aria-hidden="true" />+{suggestion.xpReward} XP
          </span>
        </span>
      </div>
      <Button
        type="button"
        size="sm"
        variant="lime"
        aria-label={`EXECUTE ${action} on ${suggestion.platform}`}
        onClick={() => {
          toast({ title: 'Task Initiated', description: `Executing ${action} on ${suggestion.platform}...` });
          onExecute?.(suggestion);
        }}
      >
        <PlayIcon aria-hidden="true" />
        EXECUTE
      </Button>
    </div>
  );
}
