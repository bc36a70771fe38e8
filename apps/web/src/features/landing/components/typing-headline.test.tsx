import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTypingDelay, TYPING_MAX_MS, TYPING_MIN_MS, TypingHeadline } from './typing-headline';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('typing animation (SPEC §9: 80 to 120 ms per character)', () => {
  it('draws each delay from the 80–120 ms range', () => {
    expect(nextTypingDelay(() => 0)).toBe(TYPING_MIN_MS);
    expect(nextTypingDelay(() => 0.999999)).toBeLessThan(TYPING_MAX_MS);
    expect(TYPING_MIN_MS).toBe(80);
    expect(TYPING_MAX_MS).toBe(120);
  });

  it('types one character per tick and names the heading with the whole text from the start', () => {
    vi.useFakeTimers();
    const { container } = render(<TypingHeadline text="HELLO" />);
    const visible = () => container.querySelectorAll('[aria-hidden="true"]')[1]?.textContent;
    expect(screen.getByRole('heading', { level: 1, name: 'HELLO' })).toBeInTheDocument();
    expect(visible()).toBe('');
    act(() => vi.advanceTimersByTime(TYPING_MAX_MS));
    expect(visible()).toBe('H');
    act(() => vi.advanceTimersByTime(TYPING_MAX_MS * 4));
    expect(visible()).toBe('HELLO');
  });

  it('shows the whole headline at once when the user prefers reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    const { container } = render(<TypingHeadline text="HELLO" />);
    expect(container.querySelectorAll('[aria-hidden="true"]')[1]?.textContent).toBe('HELLO');
  });
});
