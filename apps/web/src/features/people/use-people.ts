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
 * The people of one query result, shared by every component that shows them: each of the fifteen
 * or so callers made and sorted the same list again (issue 40: a first screen's renders on a
 * phone). Sorted only when a caller reads `people`: the browser's first collator loads its
 * collation data, 30-70 ms at a phone's CPU, and a screen that only names people (the matrix,
 * the execution tab) reads `byId`.
 */
const viewsOf = new WeakMap<readonly unknown[], PersonView[]>();
const sortedOf = new WeakMap<readonly unknown[], PersonView[]>();

type Documents = ReturnType<typeof useQuery>['documents'];

function peopleOf(documents: Documents): PersonView[] {
  let views = viewsOf.get(documents);
  if (!views) {
    views = documents.map((doc) => personFromDocument(doc.id, doc.data, doc.state));
    viewsOf.set(documents, views);
  }
  return views;
}

function sortedPeopleOf(documents: Documents): PersonView[] {
  const cached = sortedOf.get(documents);
  if (cached) return cached;
  nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  const collator = nameCollator;
  const people = [...peopleOf(documents)].sort(
    (a, b) =>
      collator.compare(a.displayName || a.id, b.displayName || b.id) ||
      compareCharacters(a.id, b.id),
  );
  sortedOf.set(documents, people);
  return people;
}

/** Everybody of the organisation, live (every signed-in person may read them). */
export function usePeople(): PeopleResult {
  const { documents, loading } = useQuery(QUERY);
  return useMemo(
    () => ({
      get people() {
        return sortedPeopleOf(documents);
      },
      loading,
      byId: new Map(peopleOf(documents).map((person) => [person.id, person])),
    }),
    [documents, loading],
  );
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
