import { useEffect, useState, type RefObject } from 'react';

/**
 * Runs `callback` once the browser has painted what is on screen now: after the next animation
 * frame, in a task of its own. A React effect is no such guarantee: after a render in slices the
 * effects usually run before the browser paints, and what they start (a chunk to load, a
 * database to open) then holds the first paint back (issue 18: a slow phone's largest paint).
 * A hidden tab gets no frames; there `fallbackMs` decides. Returns a function that cancels.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 100): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          task = setTimeout(run, 0);
        })
      : undefined;
  const fallback = setTimeout(run, fallbackMs);
  function cancel() {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  }
  return cancel;
}

/** False on the first render, true once that render has been painted (see afterNextPaint). */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * Focuses the element of `ref` once the first render has been painted, unless the person has put
 * the focus somewhere already (a tap into another field). For the field a page starts in, instead
 * of `autoFocus`: React focuses that in its commit, which makes the browser lay out the whole new
 * page at once, inside the commit's long task (issue 40: about 95 ms of the sign-in page's first
 * commit at a phone's CPU).
 */
export function useFocusAfterPaint(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return afterNextPaint(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      ref.current?.focus();
    });
  }, [ref, enabled]);
}
