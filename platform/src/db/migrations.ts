import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

/** The platform's own migrations (mail outbox), applied before the squads'. */
export const PLATFORM_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Applies a squad's pending migrations in order, each in its own transaction; returns the names applied. */
export async function applyMigrations(db: Database, squad: string, migrationsDir: string): Promise<string[]> {
  await db.query(`CREATE SCHEMA IF NOT EXISTS platform`);
  await db.query(
    `CREATE TABLE IF NOT EXISTS platform.schema_migrations (squad text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (squad, name))`,
  );
  const done = new Set((await db.query<{ name: string }>(`SELECT name FROM platform.schema_migrations WHERE squad = $1`, [squad])).map((row) => row.name));
  const files = (await readdir(migrationsDir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (query) => {
      for (const statement of sql.split(/;\s*$/m).map((s) => s.trim()).filter(Boolean)) await query(statement);
      await query(`INSERT INTO platform.schema_migrations (squad, name) VALUES ($1, $2)`, [squad, file]);
    });
    applied.push(file);
  }
  return applied;
}
