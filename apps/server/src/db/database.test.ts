import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

describe('AppKysely', () => {
  let database: Database;
  beforeEach(async () => {
    database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await sql`create table t (v integer)`.execute(database.db);
  });
  afterEach(() => database.close());

  const count = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from t`.execute(database.db.executor)).rows[0]
        ?.n,
    );

  it('runs afterCommit callbacks once the outermost transaction committed, never on rollback', async () => {
    const { db } = database;
    const seen: string[] = [];
    await db.transaction().execute(async () => {
      await db.transaction().execute(async () => {
        db.afterCommit(() => seen.push('joined'));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toHaveLength(1);
    await expect(
      db.transaction().execute(async () => {
        db.afterCommit(() => seen.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    db.afterCommit(() => seen.push('outside'));
    expect(seen).toEqual(['joined', 'outside']);
  });

  it('hands code inside a transaction the transaction, not the (busy) root connection', async () => {
    const { db } = database;
    await db.transaction().execute(async (trx) => {
      expect(db.executor).toBe(trx);
      // On the root instance this would wait for the single SQLite connection forever.
      await sql`insert into t values (1)`.execute(db.executor);
      expect(await count()).toBe(1);
    });
    expect(database.db.executor).toBe(database.db);
    expect(await count()).toBe(1);
  });

  it('joins a transaction started inside one, so everything rolls back together', async () => {
    const { db } = database;
    await expect(
      db.transaction().execute(async () => {
        await sql`insert into t values (1)`.execute(db.executor);
        await db.transaction().execute(async () => {
          await sql`insert into t values (2)`.execute(db.executor);
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count()).toBe(0);
  });

  it('does not leak a finished transaction into work it started', async () => {
    const { db } = database;
    let later: Promise<number> | null = null;
    await db.transaction().execute(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(count);
    });
    expect(await later).toBe(0);
  });

  it('closes once, however often asked', async () => {
    await Promise.all([database.close(), database.close()]);
    await expect(count()).rejects.toThrow();
  });
});
