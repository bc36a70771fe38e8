import { CircleCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useJoinWaitlist } from '../api/join-waitlist';

/**
 * E-mail capture for the early-access waitlist (SPEC §4 Waitlist form): idle → UPLOADING... →
 * NEURAL_LINK_ESTABLISHED with the field cleared; failures are logged only.
 */
export function WaitlistForm({ inputId, className }: { inputId?: string; className?: string }) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const [email, setEmail] = useState('');
  const join = useJoinWaitlist({ onSuccess: () => setEmail('') });

  return (
    <form
      className={cn('w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        join.join(email);
      }}
    >
      <Label htmlFor={id} className="mb-2">
        EMAIL_ADDRESS
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@domain.xyz"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-12 sm:flex-1"
        />
        <Button type="submit" size="lg" disabled={join.isPending} className="sm:w-auto">
          {join.isPending ? 'UPLOADING...' : 'REQUEST_ACCESS'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {join.isSuccess && (
          <div className="mt-3 flex items-start gap-3 rounded-md border border-neon-lime/50 bg-neon-lime/10 p-3 text-sm">
            <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-neon-lime" aria-hidden="true" />
            <p>
              <strong className="block font-bold tracking-widest text-neon-lime">NEURAL_LINK_ESTABLISHED</strong>
              <span className="text-foreground/90">
                Welcome to the network. You're on the list for priority access — we'll ping you the moment your avatar
                slot opens.
              </span>
            </p>
          </div>
        )}
      </div>
    </form>
  );
}
