import path from 'node:path';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/db';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { holdSharedSchema } from '@reelkeep/platform/testing/databases';
import * as z from 'zod/mini';
import type { LandingSettings } from '../settings.ts';

/** The landing squad's migrations, as its release carries them (`server/migrations` → `migrations`). */
export const LANDING_MIGRATIONS_DIR = path.join(import.meta.dirname, '..', 'migrations');

/** The databases the landing suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL names one. */
export { listTestDatabases } from '@reelkeep/platform/testing/databases';

/** The advisory lock a landing suite takes on a shared PostgreSQL while it owns the landing schema. */
const SCHEMA_LOCK_ID = 170_005;

/**
 * Opens a database with the landing schema made anew by its migrations (the platform's for the mail outbox). On a
 * shared PostgreSQL the suite holds the landing schema until `close`, so suites Jest runs in parallel take turns
 * instead of dropping it under each other.
 */
export async function openFreshDatabase(open: () => Promise<Database>): Promise<{ db: Database; close: () => Promise<void> }> {
  const db = await open();
  const release = await holdSharedSchema(db, SCHEMA_LOCK_ID);
  await db.query('DROP SCHEMA IF EXISTS landing CASCADE');
  await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'landing'`).catch(() => undefined);
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await applyMigrations(db, 'landing', LANDING_MIGRATIONS_DIR);
  return {
    db,
    close: async () => {
      await release();
      await db.close();
    },
  };
}

/** Every landing answer is a JSON object; the tests check its fields. */
const JSON_OBJECT = z.record(z.string(), z.unknown());

/** A route's answer as a test reads it. */
export interface RouteAnswer {
  status: number;
  location: string | null;
  cookies: string[];
  body: Record<string, unknown> | null;
}

/** How a test sends a request: a form, JSON or a raw body of a type, from a client address, with headers. */
export interface CallOptions {
  form?: Record<string, string>;
  json?: unknown;
  raw?: string;
  type?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls routes as the gateway hands them a request: the client address in its header, a body of the given type. */
export function makeRouteCaller(routes: readonly ApiRoute<LandingSettings>[], context: HostContext<LandingSettings>) {
  return async (method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<RouteAnswer> => {
    const url = new URL(path, 'http://localhost:3000');
    const route = routes.find((candidate) => candidate.method === method && candidate.path === url.pathname);
    if (!route) throw new Error(`no route ${method} ${path}`);
    const headers: Record<string, string> = { [CLIENT_IP_HEADER]: options.ip ?? '203.0.113.9', ...options.headers };
    let body: string | undefined;
    if (options.form) [body, headers['content-type']] = [new URLSearchParams(options.form).toString(), 'application/x-www-form-urlencoded'];
    if (options.json !== undefined) [body, headers['content-type']] = [JSON.stringify(options.json), 'application/json'];
    if (options.raw !== undefined) [body, headers['content-type']] = [options.raw, options.type ?? 'text/plain'];
    const response = await route.handle(new Request(url, { method, headers, body }), context);
    const text = await response.text();
    return {
      status: response.status,
      location: response.headers.get('location'),
      cookies: response.headers.getSetCookie(),
      body: text ? JSON_OBJECT.parse(JSON.parse(text)) : null,
    };
  };
}
