import { act, cleanup, render, screen } from '@testing-library/react';
import { ROLE_IDS, type Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_ROLE_IDS, overlayPerson, useLivePerson } from '../../lib/session/live-person';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';

// The replica's `people` document of the signed-in person, changed by "another admin".
let documentData: JsonObject | undefined;
const listeners = new Set<() => void>();
vi.mock('../../lib/session/use-people-document', async () => {
  const { useEffect, useState } = await import('react');
  return {
    usePeopleDocument: (id: string | undefined) => {
      const collection = 'people';
      const [, force] = useState(0);
      useEffect(() => {
        const listener = () => force((n) => n + 1);
        listeners.add(listener);
        return () => void listeners.delete(listener);
      }, []);
      const document: ViewDocument | undefined =
        collection === 'people' && id && documentData
          ? { collection, id, data: documentData, state: 'sync' }
          : undefined;
      return document;
    },
  };
});

function replicaChanges(data: JsonObject) {
  documentData = data;
  act(() => listeners.forEach((listener) => listener()));
}

const session = testPerson({ id: 'p2', roles: ['user', 'admin'] });

function Probe({ person }: { person: Person }) {
  const live = useLivePerson(person);
  return (
    <p data-testid="probe">
      {live?.roles.includes('admin') ? 'may-manage' : 'may-not'}|{live?.displayName}
    </p>
  );
}

afterEach(() => {
  cleanup();
  documentData = undefined;
});

describe('live roles (usePerson overlay)', () => {
  it("knows the domain's roles", () => {
    expect([...KNOWN_ROLE_IDS].sort()).toEqual([...ROLE_IDS].sort());
  });

  it('keeps the session person while the replica has no document', () => {
    expect(overlayPerson(session, undefined)).toBe(session);
    render(<Probe person={session} />);
    expect(screen.getByTestId('probe').textContent).toBe('may-manage|Erika Muster');
  });

  it('an open page loses an action at once when an admin removes the role', () => {
    documentData = { ...session, roles: ['user', 'admin'] } as unknown as JsonObject;
    render(<Probe person={session} />);
    expect(screen.getByTestId('probe').textContent).toBe('may-manage|Erika Muster');
    replicaChanges({ ...documentData, roles: ['user'], displayName: 'Erika M.' });
    expect(screen.getByTestId('probe').textContent).toBe('may-not|Erika M.');
  });

  it('ignores a malformed document (unknown role, no name) instead of dropping the person', () => {
    const next = overlayPerson(session, { roles: ['wizard'], displayName: '  ' });
    expect(next).toBe(session);
  });
});
