import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast';

describe('toast store (SPEC §9)', () => {
  it('shows only one toast at a time: the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'First' } });
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'Second' } });
    expect(state.toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast and removes it 1,000,000 ms later', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const state = reducer({ toasts: [{ id: '9', open: true }] }, { type: 'DISMISS_TOAST', toastId: '9' });
    expect(state.toasts).toEqual([{ id: '9', open: false }]);
    expect(reducer(state, { type: 'REMOVE_TOAST', toastId: '9' }).toasts).toEqual([]);
  });
});
