import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useJsonStable } from './use-json-stable';

describe('useJsonStable', () => {
  it('keeps the object it returned while the content stays the same, whatever the key order', () => {
    const first = { pageSizes: [10, 25], facets: { year: true, lead: false } };
    const { result, rerender } = renderHook(({ value }) => useJsonStable(value), {
      initialProps: { value: first },
    });
    rerender({ value: { facets: { lead: false, year: true }, pageSizes: [10, 25] } });
    expect(result.current).toBe(first);
    const changed = { pageSizes: [25, 10], facets: { year: true, lead: false } };
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });
});
