import { compareCharacters, PEOPLE_COLLECTION } from '@qa/domain';
import { getOwn, type JsonObject, type JsonValue } from '@qa/sync';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { SyncState } from '../../lib/sync/sync-types';
import { useQuery } from '../../lib/sync/use-query';

/** A person as the pickers and lists show them (the replicated `people` collection). */
export interface PersonView {
  id: string;
  displayName: string;
  email: string | null;
  avatar: string | null;
  type: 'active' | 'inactive';
  roles: string[];
  state: SyncState;
}

export interface PeopleResult {
  /** Sorted by name, in the UI language's collation. */
  people: PersonView[];
  loading: boolean;
  byId: Map<string, PersonView>;
}

const QUERY = { collection: PEOPLE_COLLECTION, filters: [] };

const text = (value: JsonValue | undefined): string | null =>
  typeof value === 'string' ? value : null;

/**
 * One stored document as a person. Read leniently: a record written by an older version (no
 * roles, no type) still names its person instead of disappearing from the pickers.
 */
export function personFromDocument(id: string, data: JsonObject, state: SyncState): PersonView {
  const roleList = getOwn(data, 'roles');
  const roles = Array.isArray(roleList)
    ? roleList.filter((role): role is string => typeof role === 'string')
    : [];
  return {
    id,
    displayName: (text(getOwn(data, 'displayName')) ?? '').trim(),
    email: text(getOwn(data, 'email')),
    avatar: text(getOwn(data, 'avatar')),
    type: getOwn(data, 'type') === 'active' ? 'active' : 'inactive',
    roles,
    state,
  };
}

let nameCollator: Intl.Collator | null = null;

/**
 * The people of one query result, sorted, shared by every component that shows them: each of
 * the fifteen or so callers sorted the same list again, and `localeCompare` with options made a
 * collator for every comparison (issue 40: a first screen's renders on a phone).
 */
const sortedPeople = new WeakMap<readonly unknown[], PersonView[]>();

function peopleOf(documents: ReturnType<typeof useQuery>['documents']): PersonView[] {
  const cached = sortedPeople.get(documents);
  if (cached) return cached;
  nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  const collator = nameCollator;
  const people = documents
    .map((doc) => personFromDocument(doc.id, doc.data, doc.state))
    .sort(
      (a, b) =>
        collator.compare(a.displayName || a.id, b.displayName || b.id) ||
        compareCharacters(a.id, b.id),
    );
  sortedPeople.set(documents, people);
  return people;
}

/** Everybody of the organisation, live (every signed-in person may read them). */
export function usePeople(): PeopleResult {
  const { documents, loading } = useQuery(QUERY);
  return useMemo(() => {
    const people = peopleOf(documents);
    return { people, loading, byId: new Map(people.map((person) => [person.id, person])) };
  }, [documents, loading]);
}

/**
 * How a user reference is shown: the person's name, else SPEC section 8's fallback for an
 * unresolved user, 'User: {id}' / 'Benutzer: {id}'.
 */
export function personLabel(
  byId: ReadonlyMap<string, Pick<PersonView, 'displayName'>>,
  id: string,
  t: TFunction,
): string {
  const name = byId.get(id)?.displayName;
  return name ? name : t('people.unresolved', { id });
}
