import {
  DEFAULT_TASK_TYPE,
  DEMO_WALLET_ADDRESS,
  TASK_CHECKS,
  TASK_TYPES,
  type TaskType,
  taskTypeTitle,
  type VerifiableTask,
} from '@app/domain/blockchain';
import { useQuery } from '@tanstack/react-query';
import { LogInIcon, ShieldCheckIcon, SparklesIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { SignInLink } from '@/components/layout/sign-in-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FinishedTasks, taskKeyOf } from '@/components/verification/finished-tasks';
import { TxReceipt } from '@/components/wallet/tx-receipt';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { useNetwork } from '@/lib/get-network';
import { useVerifyTask } from '../api/verify-task';

/** What each task type's JSON may carry (the server checks it against recorded facts). */
const TASK_DATA_HINTS: Record<TaskType, string> = {
  skill_learn: '{} or {"skillName": "Solidity"} — a skill the avatar trained in chat',
  avatar_create: '{} — the selected avatar exists and is yours',
  team_join: '{} or {"teamId": 1} — the avatar is a team member',
  skill_trade: '{"transactionHash": "0x…"} — a completed trade of yours',
  training_complete: '{} — at least 10 training interactions',
  marketplace_transaction: '{"transactionHash": "0x…"} — a completed purchase of yours',
};

/** Parses task data: a JSON object, or null for anything else (SPEC §5 'Invalid Task Data'). */
function parseTaskData(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 task verification form (+ an avatar select): wallet address with 'Use Demo
 * Address' (prefilled with the linked wallet), task type, JSON task data and 'Verify Task' with
 * SPEC §5's rules and SPEC §8's toasts; the last verified transaction with its receipt. The
 * avatar's finished tasks are listed, and picking one fills the type and data; what a
 * verification checks is said for the chosen type.
 */
export function VerifyTaskForm({
  walletAddress,
  onWalletAddressChange,
}: {
  walletAddress: string;
  onWalletAddressChange: (value: string) => void;
}) {
  const ids = { wallet: useId(), avatar: useId(), type: useId(), data: useId(), dataHint: useId() };
  const { user } = useAuth();
  // Visitors have no avatars (the list would answer 401): only asked for when signed in.
  const avatars = useQuery({ ...getAvatarsQueryOptions(), enabled: !!user });
  const [avatarId, setAvatarId] = useState('');
  const [taskType, setTaskType] = useState<TaskType>(DEFAULT_TASK_TYPE);
  const [taskData, setTaskData] = useState('{}');
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  const verify = useVerifyTask();
  const network = useNetwork();

  // Derived, not synced: the first avatar until the user picks one.
  const selectedAvatarId = avatarId || (avatars.data?.[0] ? String(avatars.data[0].id) : '');
  const address = walletAddress.trim();

  const pickTask = (task: VerifiableTask) => {
    setPickedKey(taskKeyOf(task));
    setTaskType(task.taskType);
    setTaskData(JSON.stringify(task.taskData));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!address) {
      toast({
        title: 'Wallet Required',
        description: 'Please connect your wallet address to verify tasks on blockchain',
        variant: 'destructive',
      });
      return;
    }
    const data = parseTaskData(taskData);
    if (!data) {
      toast({
        title: 'Invalid Task Data',
        description: 'Please provide valid JSON for task data',
        variant: 'destructive',
      });
      return;
    }
    if (!selectedAvatarId) {
      toast({
        title: 'Avatar Required',
        description: 'Create an avatar in the studio first, then verify its tasks',
        variant: 'destructive',
      });
      return;
    }
    verify.mutate({ avatarId: Number(selectedAvatarId), taskType, taskData: data, userWalletAddress: address });
  };

  const result = verify.data?.success ? verify.data : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <ShieldCheckIcon className="size-4" aria-hidden="true" />
            VERIFY_TASK
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-label="Verify a task on blockchain">
          <div className="grid gap-2">
            <Label htmlFor={ids.wallet}>WALLET_ADDRESS</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={ids.wallet}
                value={walletAddress}
                onChange={(event) => onWalletAddressChange(event.target.value)}
                placeholder="0x…"
                autoComplete="off"
                spellCheck={false}
                className="sm:flex-1"
              />
              <Button type="button" variant="outline" onClick={() => onWalletAddressChange(DEMO_WALLET_ADDRESS)}>
                Use Demo Address
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Verifications are recorded under your linked wallet or the shared demo address.
            </p>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.avatar}>AVATAR</Label>
              <Select
                value={selectedAvatarId}
                onValueChange={(v) => {
                  setAvatarId(v);
                  setPickedKey(null);
                }}
                disabled={!user || !avatars.data?.length}
              >
                <SelectTrigger id={ids.avatar}>
                  <SelectValue placeholder={user ? 'No avatars yet' : 'Sign in to choose'} />
                </SelectTrigger>
                <SelectContent>
                  {avatars.data?.map((a) => (
                    <SelectItem key={a.id} value={String(a.id)}>
                      {a.name} · #{a.id}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.type}>TASK_TYPE</Label>
              <Select
                value={taskType}
                onValueChange={(v) => {
                  setTaskType(v as TaskType);
                  setPickedKey(null);
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
          </div>

          {user && (
            <FinishedTasks
              avatarId={selectedAvatarId ? Number(selectedAvatarId) : null}
              selectedKey={pickedKey}
              onPick={pickTask}
              explorerUrl={network.data?.explorerUrl ?? null}
            />
          )}

          <p className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-xs break-words text-muted-foreground">
            <span className="label-mono text-primary">WHAT_IS_CHECKED </span>
            {TASK_CHECKS[taskType]} Nothing is written on chain unless the recorded facts support the claim.
          </p>

          <div className="grid gap-2">
            <Label htmlFor={ids.data}>TASK_DATA (JSON)</Label>
            <Textarea
              id={ids.data}
              value={taskData}
              onChange={(event) => {
                setTaskData(event.target.value);
                setPickedKey(null);
              }}
              spellCheck={false}
              rows={4}
              aria-describedby={ids.dataHint}
              className="min-h-24"
            />
            <p id={ids.dataHint} className="text-xs break-words text-muted-foreground">
              {TASK_DATA_HINTS[taskType]}
            </p>
          </div>

          {!user && (
            <p className="flex flex-wrap items-center gap-2 rounded-md border border-neon-yellow/40 bg-neon-yellow/5 px-3 py-2 text-xs text-neon-yellow">
              Anyone can view a wallet's history; verifying a task needs you to sign in.
              <SignInLink className="inline-flex items-center gap-1 font-bold underline">
                <LogInIcon className="size-3.5" aria-hidden="true" />
                SIGN_IN
              </SignInLink>
            </p>
          )}

          {/* SPEC §5: disabled when the address is empty or while pending. */}
          <Button
            type="submit"
            variant="lime"
            size="lg"
            disabled={!address || verify.isPending || !user}
            className="sm:self-start"
          >
            <SparklesIcon aria-hidden="true" />
            {verify.isPending ? 'Verifying on Blockchain...' : 'Verify Task'}
          </Button>
        </form>

        {result?.transactionHash && (
          <TxReceipt hash={result.transactionHash} title="LAST_VERIFICATION">
            <dt className="label-mono text-muted-foreground">TASK_ID</dt>
            <dd className="font-mono break-all">{result.taskId}</dd>
            <dt className="label-mono text-muted-foreground">REPUTATION</dt>
            <dd className="font-mono">+{result.reputationGained ?? 0}</dd>
          </TxReceipt>
        )}
      </CardContent>
    </Card>
  );
}
