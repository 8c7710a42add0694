import { describe, it } from 'vitest';
import { REQUIRE_PG, TEST_DATABASE_URL } from './pg-database';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * Declares a suite once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * With REQUIRE_PG=1 and no TEST_DATABASE_URL the PostgreSQL suite fails instead of skipping,
 * so CI cannot go green without having run it.
 */
export function describeEachDialect(name: string, suite: (dialect: TestDialect) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  if (TEST_DATABASE_URL) {
    describe(`${name} [postgres]`, () => suite('postgres'));
  } else if (REQUIRE_PG) {
    describe(`${name} [postgres]`, () => {
      it('needs PostgreSQL', () => {
        throw new Error('REQUIRE_PG=1 but TEST_DATABASE_URL is not set');
      });
    });
  } else {
    describe.skip(`${name} [postgres] (set TEST_DATABASE_URL)`, () => suite('postgres'));
  }
}
