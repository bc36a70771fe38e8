import { displayNameOf, type User } from '@app/domain/user';
import { ShieldIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useUsers } from './api/get-users';
import { useUpdateUserStatus } from './api/update-user-status';
import { ChainOutboxPanel } from './chain-outbox-panel';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Admin page: every user with APPROVE (→ active) and SUSPEND (→ pending) actions. */
export default function AdminUsersPage() {
  const users = useUsers();
  const updateStatus = useUpdateUserStatus();
  const busyId = updateStatus.isPending ? updateStatus.variables?.id : undefined;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <p className="label-mono text-neon-magenta">{'// ROOT_ACCESS'}</p>
      <h1 className="mt-2 flex items-center gap-3 font-display text-2xl font-black tracking-wide sm:text-3xl">
        <ShieldIcon className="size-7 text-primary" aria-hidden="true" />
        ADMIN_USERS
      </h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle asChild>
            <h2>NETWORK_USERS</h2>
          </CardTitle>
          <CardDescription>Approve new users to give them access, or suspend them back to pending.</CardDescription>
        </CardHeader>
        <CardContent>
          {users.isLoading ? (
            <div className="grid gap-2" role="status" aria-label="Loading users">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : users.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {users.error.message}
            </p>
          ) : (
            <>
              {/* Small screens: one card per user instead of a table that would scroll sideways. */}
              <ul className="grid gap-3 md:hidden">
                {users.data?.map((user) => (
                  <UserCard
                    key={user.id}
                    user={user}
                    busy={busyId === user.id}
                    onStatus={(status) => updateStatus.mutate({ id: user.id, status })}
                  />
                ))}
              </ul>
              <Table className="hidden md:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>NAME</TableHead>
                    <TableHead>EMAIL</TableHead>
                    <TableHead>ROLE</TableHead>
                    <TableHead>STATUS</TableHead>
                    <TableHead>JOINED</TableHead>
                    <TableHead className="text-right">ACTIONS</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {users.data?.map((user) => (
                    <UserRow
                      key={user.id}
                      user={user}
                      busy={busyId === user.id}
                      onStatus={(status) => updateStatus.mutate({ id: user.id, status })}
                    />
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </CardContent>
      </Card>
      <ChainOutboxPanel />
    </div>
  );
}

interface UserItemProps {
  user: User;
  busy: boolean;
  onStatus: (status: User['status']) => void;
}

function StatusActions({ user, busy, onStatus }: UserItemProps) {
  const who = user.email ?? displayNameOf(user);
  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="lime"
        aria-label={`APPROVE ${who}`}
        disabled={busy || user.status === 'active'}
        onClick={() => onStatus('active')}
      >
        APPROVE
      </Button>
      <Button
        size="sm"
        variant="destructive"
        aria-label={`SUSPEND ${who}`}
        disabled={busy || user.status === 'pending'}
        onClick={() => onStatus('pending')}
      >
        SUSPEND
      </Button>
    </div>
  );
}

function UserCard(props: UserItemProps) {
  const { user } = props;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border bg-background/60 p-4">
      <div className="min-w-0">
        <p className="truncate font-bold">{displayNameOf(user)}</p>
        <p className="truncate text-sm text-muted-foreground">{user.email ?? '—'}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={user.role === 'admin' ? 'magenta' : 'secondary'}>{user.role}</Badge>
        <Badge variant={user.status === 'active' ? 'lime' : 'yellow'}>{user.status}</Badge>
        <span className="text-xs text-muted-foreground">{dateFormat.format(new Date(user.createdAt))}</span>
      </div>
      <StatusActions {...props} />
    </li>
  );
}

function UserRow(props: UserItemProps) {
  const { user } = props;
  return (
    <TableRow>
      <TableCell className="font-bold">{displayNameOf(user)}</TableCell>
      <TableCell className="text-muted-foreground">{user.email ?? '—'}</TableCell>
      <TableCell>
        <Badge variant={user.role === 'admin' ? 'magenta' : 'secondary'}>{user.role}</Badge>
      </TableCell>
      <TableCell>
        <Badge variant={user.status === 'active' ? 'lime' : 'yellow'}>{user.status}</Badge>
      </TableCell>
      <TableCell className="text-muted-foreground">{dateFormat.format(new Date(user.createdAt))}</TableCell>
      <TableCell>
        <StatusActions {...props} />
      </TableCell>
    </TableRow>
  );
}
