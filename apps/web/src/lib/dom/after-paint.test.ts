import { act, cleanup, render } from '@testing-library/react';
import { createElement, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useFocusAfterPaint } from './after-paint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs in a task after the next frame, once, not before', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const callback = vi.fn();
    afterNextPaint(callback, 1000);
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs without frames (a hidden tab) after the fallback, and not at all once cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const ran = vi.fn();
    const cancelled = vi.fn();
    afterNextPaint(ran, 100);
    afterNextPaint(cancelled, 100)();
    vi.advanceTimersByTime(99);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('useFocusAfterPaint', () => {
  function Field({ id }: { id: string }) {
    const ref = useRef<HTMLInputElement>(null);
    useFocusAfterPaint(ref);
    return createElement('input', { ref, id, 'aria-label': id });
  }

  it('focuses the field after the paint, not in the commit', () => {
    vi.useFakeTimers();
    render(createElement(Field, { id: 'email' }));
    const field = document.getElementById('email');
    expect(document.activeElement).not.toBe(field);
    act(() => vi.advanceTimersByTime(200));
    expect(document.activeElement).toBe(field);
  });

  it('leaves the focus where the person put it before the paint', () => {
    vi.useFakeTimers();
    render(
      createElement(
        'div',
        null,
        createElement(Field, { id: 'email' }),
        createElement('input', { id: 'other' }),
      ),
    );
    const other = document.getElementById('other')!;
    other.focus();
    act(() => vi.advanceTimersByTime(200));
    expect(document.activeElement).toBe(other);
  });
});
