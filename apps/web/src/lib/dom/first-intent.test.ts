import { describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './first-intent';

describe('onFirstIntent', () => {
  it('runs once, at the first touch, pointer or key, and not on focus', () => {
    const run = vi.fn();
    onFirstIntent(run);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs not at all once cleaned up', () => {
    const run = vi.fn();
    const cleanUp = onFirstIntent(run);
    cleanUp();
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
  });
});
