import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has not changed for `delayMs`, and a `flush` that takes the current value at
 * once (before saving, so a save never goes out on a check of older text).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
