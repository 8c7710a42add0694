import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Admin URL of a PostgreSQL for tests, e.g. postgres://postgres@127.0.0.1:54329/postgres. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** CI sets REQUIRE_PG=1 so a missing PostgreSQL fails the run instead of skipping suites. */
export const REQUIRE_PG = process.env.REQUIRE_PG === '1';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server; drop() removes it (also with open connections). */
export async function createTestDatabase(adminUrl = TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `qa_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
