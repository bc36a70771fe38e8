import { ZapIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { WaitlistForm } from './waitlist-form';

/** The call-to-action card; its button opens the JOIN_THE_REVOLUTION modal with a waitlist form. */
export function JoinCta() {
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
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="magenta" size="lg" className="mt-8">
                  <ZapIcon aria-hidden="true" />
                  JOIN_THE_REVOLUTION
                </Button>
              </DialogTrigger>
              {/* Issue 18 item 6: room to breathe on a phone; the title wraps clear of the close button. */}
              <DialogContent className="gap-6 px-5 pt-10 pb-7 sm:p-8">
                <DialogHeader className="pr-0">
                  <DialogTitle className="[overflow-wrap:anywhere]">JOIN_THE_REVOLUTION</DialogTitle>
                  <DialogDescription>
                    Drop your e-mail to reserve a spot. Waitlist members get priority access to mint their first AI
                    avatar.
                  </DialogDescription>
                </DialogHeader>
                <WaitlistForm />
              </DialogContent>
            </Dialog>
          </div>
        </div>
      </div>
    </section>
  );
}
