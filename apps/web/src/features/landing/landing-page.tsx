import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { FeatureGrid } from './components/feature-grid';
import { Hero, WAITLIST_INPUT_ID, WAITLIST_SECTION_ID } from './components/hero';
import { JoinCta } from './components/join-cta';
import { Journey } from './components/journey';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';

/** The public landing page (SPEC §2 Landing page). */
export function LandingPage() {
  const reduceMotion = usePrefersReducedMotion();

  const scrollToWaitlist = () => {
    document
      .getElementById(WAITLIST_SECTION_ID)
      ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    // Move focus too, so keyboard and screen-reader users land on the field.
    document.getElementById(WAITLIST_INPUT_ID)?.focus({ preventScroll: true });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader onJoinWaitlist={scrollToWaitlist} />
      <main id="main" className="flex-1">
        <Hero />
        <FeatureGrid />
        <Journey />
        <JoinCta />
      </main>
      <LandingFooter />
    </div>
  );
}
