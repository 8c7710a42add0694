import { AsyncLocalStorage } from 'node:async_hooks';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type Transaction,
  type TransactionBuilder,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config/env';
import { resilientPool } from './pg-pool';
import type { Schema } from './schema';

export type DialectName = 'sqlite' | 'postgres';

interface TransactionFrame<DB> {
  trx: Transaction<DB>;
  open: boolean;
  /** Run once the outermost transaction has committed (dropped when it rolls back). */
  committed: (() => void)[];
}

/**
 * Kysely that remembers the transaction open in the current async context.
 *
 * better-auth shares this instance and opens transactions on it (OAuth sign-up, password
 * reset). Our code that runs inside them (its database hooks) must use that transaction: on
 * SQLite there is one connection, so a query on the root instance would wait for the
 * transaction that is waiting for it, forever. `executor` gives the right one, and a
 * `transaction()` started while one is open joins it instead of deadlocking.
 */
export class AppKysely<DB> extends Kysely<DB> {
  readonly #frames = new AsyncLocalStorage<TransactionFrame<DB>>();

  get executor(): Kysely<DB> {
    const frame = this.#frames.getStore();
    return frame?.open ? frame.trx : this;
  }

  /**
   * Runs `callback` once what this async context wrote is committed: at once outside a
   * transaction, after the outermost commit inside one (a joined transaction commits with it),
   * never when it rolls back. For telling others about a change they must not read too early.
   */
  afterCommit(callback: () => void): void {
    const frame = this.#frames.getStore();
    if (frame?.open) frame.committed.push(callback);
    else callback();
  }

  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const frames = this.#frames;
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      const current = frames.getStore();
      if (current?.open) return callback(current.trx);
      const committed: (() => void)[] = [];
      const result = await execute(async (trx) => {
        const frame: TransactionFrame<DB> = { trx, open: true, committed };
        try {
          return await frames.run(frame, () => callback(trx));
        } finally {
          frame.open = false;
        }
      });
      for (const run of committed) run();
      return result;
    };
    return builder;
  }
}

/** The connections of the PostgreSQL pool right now (pg.Pool's counts). */
export interface PoolStats {
  /** Open connections, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small or connections are held long. */
  waiting: number;
}

export interface Database {
  db: AppKysely<Schema>;
  dialect: DialectName;
  /** Set on PostgreSQL only (SQLite has one connection, no pool). */
  poolStats?: () => PoolStats;
  /** Idempotent: shutdown paths may call it more than once. */
  close(): Promise<void>;
}

function sqliteDialect(file: string): Dialect {
  const connection = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL makes a commit survive power loss; the busy
  // timeout covers a second process (a backup, the CLI) briefly holding the lock.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: withStatementCache(connection) });
}

/** Distinct SQL texts kept prepared; the app has a few dozen, so this is never reached in use. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is a
 * good part of a small query's cost (about a fifth of a sync command's CPU time). Safe because
 * Kysely runs one query at a time on the single SQLite connection.
 */
function withStatementCache(connection: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => connection.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        // Least recently used goes first: re-insert on use.
        cache.delete(sqlText);
      } else {
        statement = connection.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

/**
 * Longest a new PostgreSQL connection may take. pg waits forever by default, so an unreachable
 * host would hang every request (and /healthz) instead of failing it.
 */
const CONNECT_TIMEOUT_MS = 5_000;

function postgresPool(url: string, onPoolError: (error: Error) => void): pg.Pool {
  // An idle connection dropped by the server (restart, failover) is reported to onPoolError.
  return resilientPool(
    { connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    onPoolError,
  );
}

/** The Kysely dialect of the configured database, with its pool on PostgreSQL. */
function connect(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void,
): { dialect: Dialect; pool: pg.Pool | null } {
  if (config.kind === 'sqlite') return { dialect: sqliteDialect(config.file), pool: null };
  const pool = postgresPool(config.url, onPoolError);
  return { dialect: new PostgresDialect({ pool }), pool };
}

export function openDatabase(
  config: DatabaseConfig,
  { onPoolError = () => undefined }: { onPoolError?: (error: Error) => void } = {},
): Database {
  const dialect: DialectName = config.kind;
  const { dialect: kyselyDialect, pool } = connect(config, onPoolError);
  const db = new AppKysely<Schema>({ dialect: kyselyDialect });
  let closing: Promise<void> | null = null;
  return {
    db,
    dialect,
    ...(pool
      ? {
          poolStats: () => ({
            total: pool.totalCount,
            idle: pool.idleCount,
            waiting: pool.waitingCount,
          }),
        }
      : {}),
    close: () => (closing ??= db.destroy()),
  };
}
