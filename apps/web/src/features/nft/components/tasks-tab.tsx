import {
  DEFAULT_TASK_TYPE,
  TASK_CHECKS,
  TASK_REWARDS,
  TASK_TYPES,
  type TaskType,
  taskTypeTitle,
  type VerifiableTask,
} from '@app/domain/blockchain';
import { ListChecksIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FinishedTasks, taskKeyOf } from '@/components/verification/finished-tasks';
import { TxReceipt } from '@/components/wallet/tx-receipt';
import { useNetwork } from '@/lib/get-network';
import type { NftToken } from '../api/get-nft-tokens';
import { useRecordNftTask } from '../api/record-nft-task';
import { ActionButton, toastConnectWallet } from './action-button';
import { selectedTokenId, TokenSelect } from './token-select';

/**
 * TASKS tab (SPEC §3 task form: token id, task type, experience points ≥ 1 per §5). The task is
 * verified against recorded facts and recorded by the task registry; the XP awarded follows the
 * registry's rule for the type, which prefills the field. The token's avatar's
 * finished tasks are listed; picking one fills the type (and sends its task data).
 */
export function TasksTab({
  tokens,
  walletConnected,
  signedIn,
}: {
  tokens: NftToken[] | undefined;
  walletConnected: boolean;
  signedIn: boolean;
}) {
  const ids = { token: useId(), type: useId(), xp: useId() };
  const [tokenValue, setTokenValue] = useState('');
  const [taskType, setTaskType] = useState<TaskType>(DEFAULT_TASK_TYPE);
  const [xp, setXp] = useState(String(TASK_REWARDS[DEFAULT_TASK_TYPE].xp));
  const [picked, setPicked] = useState<VerifiableTask | null>(null);
  const record = useRecordNftTask();
  const network = useNetwork();
  const tokenId = selectedTokenId(tokenValue, tokens);
  const avatarId = tokens?.find((t) => String(t.tokenId) === tokenId)?.avatarId ?? null;

  const pickTask = (task: VerifiableTask) => {
    setPicked(task);
    setTaskType(task.taskType);
    setXp(String(task.reward.xp));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!walletConnected) {
      toastConnectWallet();
      return;
    }
    const taskData = picked && picked.taskType === taskType ? picked.taskData : {};
    record.mutate({ tokenId: Number(tokenId), taskType, experiencePoints: Number(xp), taskData, avatarId });
  };

  const result = record.data?.success ? record.data : undefined;
  return (
    <div className="flex flex-col gap-5">
      <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-label="Record a task for an avatar NFT">
        <div className="grid gap-5 sm:grid-cols-[1.2fr_1fr_8rem]">
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>TOKEN_ID</Label>
            <TokenSelect
              id={ids.token}
              tokens={tokens}
              value={tokenId}
              onValueChange={(v) => {
                setTokenValue(v);
                setPicked(null);
              }}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.type}>TASK_TYPE</Label>
            <Select
              value={taskType}
              onValueChange={(v) => {
                setTaskType(v as TaskType);
                setXp(String(TASK_REWARDS[v as TaskType].xp));
                setPicked(null);
              }}
            >
              <SelectTrigger id={ids.type}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {taskTypeTitle(t)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.xp}>
              XP<span className="sr-only"> (experience points)</span>
            </Label>
            <Input
              id={ids.xp}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={xp}
              onChange={(e) => setXp(e.target.value)}
              required
            />
          </div>
        </div>
        {signedIn && (
          <FinishedTasks
            avatarId={avatarId}
            selectedKey={picked ? taskKeyOf(picked) : null}
            onPick={pickTask}
            explorerUrl={network.data?.explorerUrl ?? null}
          />
        )}
        <p className="text-xs break-words text-muted-foreground">
          <span className="label-mono text-primary">WHAT_IS_CHECKED </span>
          {TASK_CHECKS[taskType]} The claim is checked against what the avatar really did before the task registry
          records it.
        </p>
        <ActionButton walletConnected={walletConnected} pending={record.isPending} disabled={!signedIn || !tokenId}>
          <ListChecksIcon aria-hidden="true" />
          {record.isPending ? 'VERIFYING...' : 'RECORD_TASK'}
        </ActionButton>
      </form>
      {result?.transactionHash && (
        <TxReceipt hash={result.transactionHash} title="TASK_RECORDED">
          <dt className="label-mono text-muted-foreground">TASK_ID</dt>
          <dd className="font-mono break-all">{result.taskId}</dd>
          <dt className="label-mono text-muted-foreground">REPUTATION</dt>
          <dd className="font-mono">+{result.reputationGained ?? 0}</dd>
        </TxReceipt>
      )}
    </div>
  );
}
