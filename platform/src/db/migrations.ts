import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

/** The platform's own migrations (mail outbox), applied before the squads'. */
export const PLATFORM_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * Key of the transaction-scoped advisory lock that serialises migrations: several instances starting at
 * once (or several test suites on one PostgreSQL) would otherwise race to create the same tables.
 */
const MIGRATION_LOCK_KEY = 7_311_842_020;

/** Applies a squad's pending migrations in order, each in its own transaction; returns the names applied. */
export async function applyMigrations(db: Database, squad: string, migrationsDir: string): Promise<string[]> {
  await db.transaction(async (query) => {
    // Waiting for another instance's migrations, or a long index build, may outlast the statement time-out.
    await query(`SET LOCAL statement_timeout = 0`);
    await query(`SELECT pg_advisory_xact_lock($1)`, [MIGRATION_LOCK_KEY]);
    await query(`CREATE SCHEMA IF NOT EXISTS platform`);
    await query(
      `CREATE TABLE IF NOT EXISTS platform.schema_migrations (squad text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (squad, name))`,
    );
  });
  const done = new Set(
    (await db.query<{ name: string }>(`SELECT name FROM platform.schema_migrations WHERE squad = $1`, [squad])).map((row) => row.name),
  );
  const files = (await readdir(migrationsDir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    const ran = await db.transaction(async (query) => {
      await query(`SET LOCAL statement_timeout = 0`);
      await query(`SELECT pg_advisory_xact_lock($1)`, [MIGRATION_LOCK_KEY]);
      // Another process may have applied it while this one waited for the lock.
      if ((await query(`SELECT 1 FROM platform.schema_migrations WHERE squad = $1 AND name = $2`, [squad, file])).length > 0) return false;
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean))
        await query(statement);
      await query(`INSERT INTO platform.schema_migrations (squad, name) VALUES ($1, $2)`, [squad, file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
