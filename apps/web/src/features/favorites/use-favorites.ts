import { FAVORITES_COLLECTION, type FavoriteKind } from '@qa/domain';
import { getOwn, type JsonValue } from '@qa/sync';
import { useCallback, useMemo } from 'react';
import { usePerson } from '../../lib/session/session-provider';
import { useCommand } from '../../lib/sync/use-command';
import { useDocument } from '../../lib/sync/use-document';

export interface FavoritesResult {
  audits: readonly string[];
  measures: readonly string[];
  isStarred: (kind: FavoriteKind, id: string) => boolean;
  /** Stars or unstars; a command, so it works offline. */
  setStarred: (kind: FavoriteKind, id: string, starred: boolean) => void;
}

const ids = (value: JsonValue | undefined): string[] =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];

/** The signed-in person's starred audits and measures (issue 12, the favorites widget). */
export function useFavorites(): FavoritesResult {
  const person = usePerson();
  const runCommand = useCommand();
  const data = useDocument(FAVORITES_COLLECTION, person?.id).document?.data;
  const audits = useMemo(() => ids(data ? getOwn(data, 'audits') : undefined), [data]);
  const measures = useMemo(() => ids(data ? getOwn(data, 'measures') : undefined), [data]);
  const setStarred = useCallback(
    (kind: FavoriteKind, id: string, starred: boolean) => {
      if (!person) return;
      void runCommand('favorite.set', { personId: person.id, kind, id, starred }).catch(
        (error: unknown) => console.error('starring failed', error),
      );
    },
    [person, runCommand],
  );
  const isStarred = useCallback(
    (kind: FavoriteKind, id: string) => (kind === 'audits' ? audits : measures).includes(id),
    [audits, measures],
  );
  return { audits, measures, isStarred, setStarred };
}
