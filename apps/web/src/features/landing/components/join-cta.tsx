import { ZapIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/variants';

const loadJoinDialog = () => import('./join-dialog');
const JoinDialog = lazy(loadJoinDialog);

/**
 * The call-to-action card; its button opens the JOIN_THE_REVOLUTION modal with a waitlist form. The
 * modal's code is fetched when the pointer or focus reaches the button (so it is there by the click)
 * and rendered once opened. A plain button with `buttonVariants` classes, like the rest of the landing
 * page (no tailwind-merge in its initial JavaScript, see `cx`).
 */
export function JoinCta() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadJoinDialog();
  return (
    <section aria-labelledby="cta-title" className="border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="relative overflow-hidden rounded-xl border border-neon-magenta/50 bg-card/80 p-8 text-center glow-magenta sm:p-12">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(255_61_220/0.18),transparent_60%),radial-gradient(ellipse_at_bottom,rgb(34_240_255/0.12),transparent_60%)]"
          />
          <div className="relative">
            <p className="label-mono text-neon-magenta">{'// LIMITED_GENESIS_SLOTS'}</p>
            <h2 id="cta-title" className="mt-3 font-display text-2xl font-black tracking-wide sm:text-4xl">
              READY TO <span className="text-primary glow-text">JACK IN?</span>
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
              Early members mint first, get genesis-edition avatars and help shape the network.
            </p>
            <button
              ref={button}
              type="button"
              className={buttonVariants({ variant: 'magenta', size: 'lg', className: 'mt-8' })}
              aria-haspopup="dialog"
              aria-expanded={open}
              onPointerEnter={prefetch}
              onFocus={prefetch}
              onClick={() => {
                setWanted(true);
                setOpen(true);
              }}
            >
              <ZapIcon aria-hidden="true" />
              JOIN_THE_REVOLUTION
            </button>
            {wanted && (
              <Suspense fallback={null}>
                <JoinDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
