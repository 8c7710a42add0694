import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMountedOnce } from './use-mounted-once';

describe('useMountedOnce', () => {
  it('is false until first opened, then stays true through closing', () => {
    const { result, rerender } = renderHook(({ open }) => useMountedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});
