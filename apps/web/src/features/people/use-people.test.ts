import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePeople } from './use-people';

const person = (id: string, displayName: string) => ({
  id,
  data: { displayName, type: 'active', roles: ['user'] },
  state: 'synced',
});
const documents = [
  person('p3', 'bernd'),
  person('p1', 'Anna'),
  person('p2', 'Älex'),
  person('p0', 'anna'),
];

vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents, loading: false }),
}));

describe('usePeople', () => {
  it('names people by id without sorting them: no collator until a caller reads the sorted list', () => {
    const Collator = vi.spyOn(Intl, 'Collator');
    const { byId } = renderHook(() => usePeople()).result.current;
    expect(byId.get('p1')?.displayName).toBe('Anna');
    expect(Collator).not.toHaveBeenCalled();
    Collator.mockRestore();
  });

  it('sorts by name without regard to case and accents, then by id, once for all its callers', () => {
    const first = renderHook(() => usePeople()).result.current;
    expect(first.people.map((entry) => entry.displayName)).toEqual([
      'Älex',
      'anna',
      'Anna',
      'bernd',
    ]);
    expect(first.byId.get('p3')?.displayName).toBe('bernd');
    // Another component showing the same result gets the same sorted list.
    const second = renderHook(() => usePeople()).result.current;
    expect(second.people).toBe(first.people);
  });
});
