import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { applyMigrations } from './migrations.ts';
import { listTestDatabases } from '../testing/databases.ts';

async function makeMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await writeFile(
    path.join(dir, '0001_create_schema.sql'),
    'CREATE SCHEMA IF NOT EXISTS demo_squad;\nCREATE TABLE demo_squad.notes (id serial PRIMARY KEY, body text NOT NULL);\n',
  );
  await writeFile(path.join(dir, '0002_add_column.sql'), "ALTER TABLE demo_squad.notes ADD COLUMN lang text NOT NULL DEFAULT 'en';\n");
  return dir;
}

const databases = listTestDatabases();

describe.each(databases)('migrations on %s', (kind, open) => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened) {
      await db.query('DROP SCHEMA IF EXISTS demo_squad CASCADE');
      await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'demo'`);
      await db.close();
    }
  });

  it('applies pending migrations once, in order, and records them', async () => {
    const db = await open();
    opened.push(db);
    await db.query('DROP SCHEMA IF EXISTS demo_squad CASCADE');
    await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'demo'`).catch(() => undefined);
    const dir = await makeMigrations();
    expect(await applyMigrations(db, 'demo', dir)).toEqual(['0001_create_schema.sql', '0002_add_column.sql']);
    expect(await applyMigrations(db, 'demo', dir)).toEqual([]);
    await db.query('INSERT INTO demo_squad.notes (body) VALUES ($1)', ['hello']);
    expect(await db.query('SELECT body, lang FROM demo_squad.notes')).toEqual([{ body: 'hello', lang: 'en' }]);
  });

  it('lets concurrent starts apply each migration exactly once', async () => {
    const first = opened[0]!;
    // Two PostgreSQL pools are two instances starting; an in-memory PGlite is its own database, so there the race is within one.
    const second = kind === 'PostgreSQL' ? await open() : first;
    if (second !== first) opened.push(second);
    await first.query('DROP SCHEMA IF EXISTS demo_squad CASCADE');
    await first.query(`DELETE FROM platform.schema_migrations WHERE squad = 'demo'`);
    const dir = await makeMigrations();
    const results = await Promise.all([
      applyMigrations(first, 'demo', dir),
      applyMigrations(second, 'demo', dir),
      applyMigrations(first, 'demo', dir),
    ]);
    expect(results.flat().sort()).toEqual(['0001_create_schema.sql', '0002_add_column.sql']);
    expect(await first.query(`SELECT name FROM platform.schema_migrations WHERE squad = 'demo' ORDER BY name`)).toEqual([
      { name: '0001_create_schema.sql' },
      { name: '0002_add_column.sql' },
    ]);
  });

  it('rolls a failing migration back whole', async () => {
    const db = opened[0]!;
    const dir = await makeMigrations();
    await writeFile(path.join(dir, '0003_broken.sql'), 'CREATE TABLE demo_squad.half (id int);\nSELECT * FROM no_such_table;\n');
    await expect(applyMigrations(db, 'demo', dir)).rejects.toThrow(/no_such_table/);
    const [row] = await db.query<{ exists: boolean }>(`SELECT to_regclass('demo_squad.half') IS NOT NULL AS exists`);
    expect(row?.exists).toBe(false);
  });
});
