import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { lockEmbeddedDatabase } from './embedded-lock.ts';

export { isDatabaseUnavailable } from './connection-errors.ts';
export { retryWhileDatabaseUnavailable } from './wait-for-database.ts';
export { EmbeddedDatabaseInUseError } from './embedded-lock.ts';

/**
 * docs/operations.md "When PostgreSQL is down": a connection that cannot be made within this time fails the
 * call (the squad answers 503) instead of queueing it for as long as PostgreSQL is away.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
/** An idle pooled connection is closed after this time, so few connections are left to drop on a restart. */
export const IDLE_TIMEOUT_MS = 10_000;
/** Idle time of a connection's socket before the kernel starts probing its peer. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/**
 * docs/operations.md "When PostgreSQL is down": a statement running longer than this is cancelled by the server
 * (the squad answers 503), so a slow query or a lock wait never holds a pooled connection and its visitor for
 * good. Migrations lift it for their own transaction.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** A transaction left idle this long (a bug between two statements) is ended by the server, its locks freed. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/** Connections of one process (each worker has its own pool). */
const POOL_SIZE = 10;

/** A connection to the site's PostgreSQL: embedded PGlite by default, a server with DATABASE_URL. */
export interface Database {
  kind: 'pglite' | 'postgres';
  /** Drizzle over the connection, for the squads' queries. */
  orm: ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;
  /** Runs raw SQL with parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs several statements in one transaction and rethrows the error that ended it. When the connection is cut
   * at COMMIT the outcome is unknown: work that may be retried must be idempotent (docs/operations.md "When
   * PostgreSQL is down").
   */
  transaction<T>(work: (query: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names. PGlite's parent folder is created first. On PostgreSQL nothing
 * is connected yet: the pool connects on the first call, and again by itself after PostgreSQL came back
 * (docs/operations.md "When PostgreSQL is down").
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  logger?: Logger;
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  const memory = options.pgliteDir === 'memory://';
  if (memory) {
    const client = new PGlite();
    await client.waitReady;
    return wrapPglite(client);
  }
  await mkdir(path.dirname(options.pgliteDir), { recursive: true });
  // docs/operations.md "One process per embedded database"
  const unlock = lockEmbeddedDatabase(options.pgliteDir);
  try {
    const client = new PGlite(options.pgliteDir);
    await client.waitReady;
    const database = wrapPglite(client);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A pool of PostgreSQL connections. A connection PostgreSQL drops (a restart, `pg_terminate_backend`,
 * `idle_session_timeout`) makes its client emit 'error': unheard, that event ends the process, so every
 * client and the pool itself are listened to, and the broken client is dropped from the pool.
 */
function openPostgres(databaseUrl: string, logger: Logger | undefined, statementTimeoutMs: number): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    // A peer that vanished without closing the socket (a failover, a cut network) is noticed by the kernel.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  });
  pool.on('connect', (client) => {
    // A client in use (in a transaction between two statements) has no listener of the pool's: this one keeps
    // its 'error' from ending the process; the statement that follows fails and the client is dropped on release.
    client.on('error', (error) => logger?.warn('database connection lost', { error: error.message }));
  });
  // An idle client's error reaches the pool too, which has already removed the client: logged above.
  pool.on('error', () => undefined);
  const query = async <Row>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as Row[];
  return {
    kind: 'postgres',
    orm: drizzlePg({ client: pool }),
    query,
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[]);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A ROLLBACK that fails too (the connection is gone) must not hide the error that ended the work.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        // A client that could not even roll back is destroyed, never handed to the next caller.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** The Database interface over an open PGlite (the test suites open theirs from a template). */
export function wrapPglite(client: PGlite): Database {
  const query = async <Row>(sql: string, params: unknown[] = []) => (await client.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    orm: drizzlePglite({ client }),
    query,
    transaction: (work) =>
      client.transaction((tx) => work(async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows)),
    close: () => client.close(),
  };
}
