import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, wrapPglite, type Database } from '../db/database.ts';
import { readServiceUrl } from './external-services.ts';

/** Where the unit run's global setup left an empty, initialised PGlite data folder (see jest.global-setup.js). */
export const PGLITE_TEMPLATE_VARIABLE = 'REELKEEP_TEST_PGLITE_TEMPLATE';

let template: Promise<Blob | null> | undefined;

/**
 * An empty in-memory PGlite. Initialising a cluster (initdb) costs several seconds of WebAssembly on this machine;
 * starting one from the run's template costs under one, so every suite gets its own database without paying initdb.
 */
export async function openTestPglite(): Promise<Database> {
  template ??= readTemplate();
  const loadDataDir = await template;
  if (!loadDataDir) return openDatabase({ pgliteDir: 'memory://' });
  const client = new PGlite({ loadDataDir });
  await client.waitReady;
  return wrapPglite(client);
}

async function readTemplate(): Promise<Blob | null> {
  const file = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!file) return null;
  return new Blob([await readFile(file)]);
}

/** The databases a suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL names one (required in CI). */
export function listTestDatabases(): [string, () => Promise<Database>][] {
  const databases: [string, () => Promise<Database>][] = [['PGlite', openTestPglite]];
  const postgresUrl = readServiceUrl('TEST_DATABASE_URL');
  if (postgresUrl) databases.push(['PostgreSQL', () => openDatabase({ databaseUrl: postgresUrl, pgliteDir: 'memory://' })]);
  return databases;
}

/**
 * Holds a squad's schema of a shared PostgreSQL for one suite: suites (files Jest runs in parallel) that rebuild the
 * same schema take turns on a transaction-scoped advisory lock instead of dropping it under each other. Nothing to
 * hold on PGlite (one database per suite). Returns the release.
 */
export async function holdSharedSchema(db: Database, lockId: number): Promise<() => Promise<void>> {
  if (db.kind !== 'postgres') return async () => undefined;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let signalHeld = () => {};
  const held = new Promise<void>((resolve) => (signalHeld = resolve));
  const holding = db.transaction(async (query) => {
    // The lock is held, idle, for the whole suite, and waited for as long as another suite holds it: the pool's
    // statement and idle-in-transaction time-outs (meant for the site) would end it on a slow run.
    await query('SET LOCAL statement_timeout = 0');
    await query('SET LOCAL idle_in_transaction_session_timeout = 0');
    await query('SELECT pg_advisory_xact_lock($1)', [lockId]);
    signalHeld();
    await released;
  });
  await Promise.race([held, holding]);
  return async () => {
    release();
    await holding;
  };
}
