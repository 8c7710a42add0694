import { describe, expect, it } from 'vitest';
import { favoritesSchema } from '../entities/favorites.schema';
import { OpsState, applyCommandAs as apply, runCommandAs as run } from './audit-test-helpers';
import { setFavoriteCommand } from './favorite.commands';

const ME = 'p-me';
const star = (id: string, starred = true, kind = 'audits') => ({
  personId: ME,
  kind,
  id,
  starred,
});
const favorites = (state: OpsState) => favoritesSchema.parse(state.get('favorites', ME));

describe('favorite.set', () => {
  it('stars and unstars audits and measures in the person’s own document', () => {
    const state = new OpsState();
    apply(setFavoriteCommand, star('a1'), state, ['user'], ME);
    apply(setFavoriteCommand, star('m1', true, 'measures'), state, ['user'], ME);
    expect(favorites(state)).toEqual({ id: ME, audits: { a1: true }, measures: { m1: true } });
    expect(run(setFavoriteCommand, star('a1'), state, ['user'], ME)).toMatchObject({
      ok: true,
      ops: [],
    });
    apply(setFavoriteCommand, star('a1', false), state, ['user'], ME);
    expect(favorites(state).audits).toEqual({});
  });

  it('writes nobody else’s favorites, and nothing for a person without a role', () => {
    const state = new OpsState();
    expect(run(setFavoriteCommand, star('a1'), state, ['qm'], 'p-other')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(run(setFavoriteCommand, star('a1'), state, [], ME)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('keeps at most 200 of a kind', () => {
    const audits = Object.fromEntries(
      Array.from({ length: 200 }, (_, index) => [`a${index}`, true]),
    );
    const state = new OpsState({ favorites: { [ME]: { id: ME, audits, measures: {} } } });
    expect(run(setFavoriteCommand, star('a-new'), state, ['user'], ME)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'favorite.tooMany', params: { max: 200 } } },
    });
    apply(setFavoriteCommand, star('a0', false), state, ['user'], ME);
    apply(setFavoriteCommand, star('a-new'), state, ['user'], ME);
  });
});
