import { CircleCheckIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { buttonVariants, INPUT_CLASSES, LABEL_CLASSES } from '@/components/ui/variants';
import { cx } from '@/lib/cx';
import { useJoinWaitlist } from '../api/join-waitlist';

/**
 * E-mail capture for the early-access waitlist (SPEC §4 Waitlist form): idle → UPLOADING... →
 * NEURAL_LINK_ESTABLISHED with the field cleared; failures are logged only. Plain elements with the
 * UI primitives' classes (`buttonVariants`, `INPUT_CLASSES`, `LABEL_CLASSES`): the landing page's
 * initial JavaScript carries no tailwind-merge (see `cx`). The field is uncontrolled and read at submit:
 * on the prerendered landing page a visitor can type before the app has hydrated (boot.ts).
 */
export function WaitlistForm({ inputId, className }: { inputId?: string; className?: string }) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const formRef = useRef<HTMLFormElement>(null);
  const join = useJoinWaitlist({ onSuccess: () => formRef.current?.reset() });

  return (
    <form
      ref={formRef}
      className={cx('w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        join.join(String(new FormData(event.currentTarget).get('email') ?? ''));
      }}
    >
      <label htmlFor={id} className={cx(LABEL_CLASSES, 'mb-2')}>
        EMAIL_ADDRESS
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@domain.xyz"
          className={cx('h-12', INPUT_CLASSES, 'sm:flex-1')}
        />
        <button
          type="submit"
          disabled={join.isPending}
          className={buttonVariants({ size: 'lg', className: 'sm:w-auto' })}
        >
          {join.isPending ? 'UPLOADING...' : 'REQUEST_ACCESS'}
        </button>
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
