/**
 * Clicks and submits made on the prerendered landing page before its JavaScript has attached
 * (the app loads only after the page has painted, see boot.ts). Links need no
 * help, they navigate natively; a button or a form would otherwise do nothing, or reload the page.
 * {@link holdEarlyInteractions} keeps them and replays them ({@link replayEarlyInteractions}) when
 * the app announces that it has hydrated with {@link APP_HYDRATED_EVENT} on `document`, so no early
 * tap is lost. (An event, not an import: anything main.tsx imported from here would be bundled into
 * its chunk, and the entry would then load that chunk at once.)
 */

/** Dispatched on `document` by main.tsx once the app has hydrated. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/** What was held, in order: a button to click again, or a form to submit again. */
type HeldInteraction = { kind: 'click'; button: HTMLButtonElement } | { kind: 'submit'; form: HTMLFormElement };

const held: HeldInteraction[] = [];
let holding = false;

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
 */
export function holdEarlyInteractions(onFirst?: () => void): void {
  if (holding) return;
  holding = true;
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener(APP_HYDRATED_EVENT, replayEarlyInteractions, { once: true });
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
  document.removeEventListener(APP_HYDRATED_EVENT, replayEarlyInteractions);
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  let replayed = 0;
  for (const interaction of held.splice(0)) {
    if (interaction.kind === 'click' && interaction.button.isConnected) {
      interaction.button.click();
      replayed += 1;
    } else if (interaction.kind === 'submit' && interaction.form.isConnected) {
      interaction.form.requestSubmit();
      replayed += 1;
    }
  }
  return replayed;
}
