/**
 * Clicks and submits made on a prerendered page (the landing page, a visitor's marketplace and avatar
 * pages) before its JavaScript has attached (the app loads only after the page has painted, see boot.ts). Links need no
 * help, they navigate natively; a button or a form would otherwise do nothing, or reload the page.
 * {@link holdEarlyInteractions} keeps them and replays them ({@link replayEarlyInteractions}) when
 * the app announces that it has hydrated with {@link APP_HYDRATED_EVENT} on `document`, so no early
 * tap is lost. (An event, not an import: anything main.tsx imported from here would be bundled into
 * its chunk, and the entry would then load that chunk at once.)
 */

/** Dispatched on `document` by main.tsx once the app has hydrated. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/**
 * Dispatched on `document` by a public page (router.tsx `PublicPage`) once the page inside its
 * Suspense boundaries has hydrated: on a page the server rendered, those boundaries hydrate after
 * the app's root, and a click replayed before then would reach markup React has not attached to.
 */
export const PAGE_HYDRATED_EVENT = 'app:page-hydrated';

/** What was held, in order: a button to click again, or a form to submit again. */
type HeldInteraction = { kind: 'click'; button: HTMLButtonElement } | { kind: 'submit'; form: HTMLFormElement };

const held: HeldInteraction[] = [];
let holding = false;
let replayEvent = APP_HYDRATED_EVENT;

function hold(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (event.type === 'click') {
    const button = target.closest('button');
    if (!button || button.disabled) return;
    // A submit button's click would submit the form natively (a full page load): keep it instead.
    // Nothing else sees it either: React, once attached but still hydrating, would handle it too,
    // and the replay would then toggle a dialog shut again.
    event.preventDefault();
    event.stopPropagation();
    held.push({ kind: 'click', button });
  } else if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.preventDefault();
    event.stopPropagation();
    // Pressing Enter in a field clicks the form's submit button first, which is already held.
    const last = held.at(-1);
    if (last?.kind === 'click' && last.button.form === target) return;
    held.push({ kind: 'submit', form: target });
  }
}

/**
 * Starts holding button clicks and form submits (capture phase, on the whole document).
 * @param onFirst called at the first held or attempted interaction (e.g. to load the app at once)
 * @param replayOn the event after which they are replayed: {@link APP_HYDRATED_EVENT}, or
 *   {@link PAGE_HYDRATED_EVENT} on a page whose content hydrates inside Suspense boundaries
 */
export function holdEarlyInteractions(onFirst?: () => void, replayOn: string = APP_HYDRATED_EVENT): void {
  if (holding) return;
  holding = true;
  replayEvent = replayOn;
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener(replayOn, replayEarlyInteractions, { once: true });
  if (onFirst) {
    const first = () => {
      for (const type of FIRST_INTERACTION_EVENTS) document.removeEventListener(type, first, true);
      onFirst();
    };
    for (const type of FIRST_INTERACTION_EVENTS)
      document.addEventListener(type, first, { capture: true, passive: true });
  }
}

/** Events that show the visitor is about to interact (a press, a key, focus moving into the page). */
const FIRST_INTERACTION_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Stops holding and replays what was held, in order, on the elements that are still in the page
 * (hydration keeps the prerendered elements). Call once the app's handlers are attached.
 * @returns how many interactions were replayed
 */
export function replayEarlyInteractions(): number {
  if (!holding) return 0;
  holding = false;
  document.removeEventListener(replayEvent, replayEarlyInteractions);
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  let replayed = 0;
  for (const interaction of held.splice(0)) {
    if (interaction.kind === 'click' && interaction.button.isConnected) {
      // A tab (Radix Tabs, the avatar page) switches on the press, not on the click.
      if (interaction.button.getAttribute('role') === 'tab') {
        interaction.button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
      }
      interaction.button.click();
      replayed += 1;
    } else if (interaction.kind === 'submit' && interaction.form.isConnected) {
      interaction.form.requestSubmit();
      replayed += 1;
    }
  }
  return replayed;
}
