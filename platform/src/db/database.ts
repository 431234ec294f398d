import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** A connection to the site's PostgreSQL: embedded PGlite by default, a server with DATABASE_URL. */
export interface Database {
  kind: 'pglite' | 'postgres';
  /** Drizzle over the connection, for the squads' queries. */
  orm: ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;
  /** Runs raw SQL with parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs several statements (migrations) in one transaction. */
  transaction<T>(work: (query: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens the database the configuration names. PGlite's parent folder is created first. */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const query = async <Row>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as Row[];
    return {
      kind: 'postgres',
      orm: drizzlePg({ client: pool }),
      query,
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[]);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const memory = options.pgliteDir === 'memory://';
  if (!memory) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
  const client = new PGlite(memory ? undefined : options.pgliteDir);
  await client.waitReady;
  return wrapPglite(client);
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
