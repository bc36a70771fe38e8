import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_HYDRATED_EVENT,
  holdEarlyInteractions,
  PAGE_HYDRATED_EVENT,
  replayEarlyInteractions,
} from './early-interactions';

afterEach(() => {
  replayEarlyInteractions();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `
    <form id="f"><input name="email" /><button id="submit" type="submit">REQUEST_ACCESS</button></form>
    <button id="join" type="button"><span id="label">JOIN_WAITLIST</span></button>
    <button id="off" type="button" disabled>OFF</button>
    <a id="link" href="#there">MARKETPLACE</a>`;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    form: byId<HTMLFormElement>('f'),
    submit: byId<HTMLButtonElement>('submit'),
    join: byId<HTMLButtonElement>('join'),
    label: byId<HTMLSpanElement>('label'),
    link: byId<HTMLAnchorElement>('link'),
  };
}

describe('early interactions on the prerendered page (boot.ts)', () => {
  it('holds a button click made before the app is attached and replays it once, in order, afterwards', () => {
    const { join, submit, form, label } = page();
    const order: string[] = [];
    holdEarlyInteractions();
    label.click(); // a click on the button's content counts as a click on the button
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submits);
    submit.click();
    expect(submits).not.toHaveBeenCalled();

    join.addEventListener('click', () => order.push('join'));
    form.addEventListener('submit', () => order.push('submit'));
    expect(replayEarlyInteractions()).toBe(2);
    expect(order).toEqual(['join', 'submit']);
    expect(submits).toHaveBeenCalledTimes(1);
    // Held once, replayed once: nothing is left for a second replay.
    expect(replayEarlyInteractions()).toBe(0);
  });

  it('holds a form submitted without its button and does not submit twice when the button was held too', () => {
    const { form, submit } = page();
    holdEarlyInteractions();
    form.requestSubmit(); // no button: held as a submit
    submit.click(); // the button's own click, then the submit it causes — one held interaction
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submits);
    expect(replayEarlyInteractions()).toBe(2);
    expect(submits).toHaveBeenCalledTimes(2);
  });

  it('leaves links, disabled buttons and everything after the replay alone', () => {
    const { link, join } = page();
    holdEarlyInteractions();
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    document.getElementById('off')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(replayEarlyInteractions()).toBe(0);

    const clicks = vi.fn();
    join.addEventListener('click', clicks);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    join.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('replays when the app announces that it has hydrated (main.tsx), and only then', () => {
    const { join } = page();
    const clicks = vi.fn();
    join.addEventListener('click', clicks);
    holdEarlyInteractions();
    join.click();
    document.dispatchEvent(new Event('some-other-event'));
    expect(clicks).not.toHaveBeenCalled();
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(replayEarlyInteractions()).toBe(0);
  });

  it('on a server-rendered page, replays when its page has hydrated, not when the app root has', () => {
    const { join } = page();
    holdEarlyInteractions(undefined, PAGE_HYDRATED_EVENT);
    join.click();
    const clicks = vi.fn();
    join.addEventListener('click', clicks);
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(clicks).not.toHaveBeenCalled();
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('replays a tab as a press (Radix Tabs switch on mousedown, not on click)', () => {
    document.body.innerHTML =
      '<div role="tablist"><button id="tab" type="button" role="tab">Work History</button></div>';
    const tab = document.getElementById('tab') as HTMLButtonElement;
    holdEarlyInteractions();
    tab.click();
    const seen: string[] = [];
    for (const type of ['mousedown', 'click'] as const) tab.addEventListener(type, (e) => seen.push(e.type));
    expect(replayEarlyInteractions()).toBe(1);
    expect(seen).toEqual(['mousedown', 'click']);
  });

  it('skips a held element that left the page before the replay', () => {
    const { join } = page();
    holdEarlyInteractions();
    join.click();
    join.remove();
    expect(replayEarlyInteractions()).toBe(0);
  });

  it('calls onFirst once, at the first press, key or focus', () => {
    page();
    const onFirst = vi.fn();
    holdEarlyInteractions(onFirst);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    expect(onFirst).toHaveBeenCalledTimes(1);
  });
});
