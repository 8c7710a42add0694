import { jsonEquals, type JsonValue } from '@qa/sync';
import { useRef } from 'react';

/**
 * `value`, or the object this component returned before if that has the same JSON content. For
 * values parsed from synced documents (a configuration segment, a workflow): a document arriving
 * with the content the screen already shows (its defaults, the usual case, or saved unchanged)
 * then renders nothing again (issue 18: the start of a list screen rendered the whole list once
 * more for every configuration document that came in).
 */
export function useJsonStable<T>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && !jsonEquals(kept.current as JsonValue, value as JsonValue)) {
    kept.current = value;
  }
  return kept.current;
}
