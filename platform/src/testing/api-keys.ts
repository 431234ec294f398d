import { createHash } from 'node:crypto';
import type { ConsoleRole } from '@reelkeep/shared-contracts/console';
import { createApiKey } from '../api-keys.ts';
import type { Database } from '../db/database.ts';

/** A suite's API key (docs/console.md "API keys"): made in the suite's database, with an owner's permissions unless told. */
export async function createTestApiKey(db: Pick<Database, 'query'>, role: ConsoleRole = 'owner', name = 'suite'): Promise<string> {
  return (await createApiKey(db, { name, role, createdBy: 'test suite' })).key;
}

/** The header a suite's operator call carries. */
export async function createTestOperatorHeaders(db: Pick<Database, 'query'>, role: ConsoleRole = 'owner'): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await createTestApiKey(db, role)}` };
}

/**
 * A database stand-in for suites without one: it knows one live key of `role` and keeps the audit entries
 * written (their parameters) in `audit`.
 */
export function createKeyOnlyDatabase(key: string, role: ConsoleRole = 'owner') {
  const hash = createHash('sha256').update(key).digest('hex');
  const audit: unknown[][] = [];
  return {
    audit,
    query: async <Row>(sql: string, params: unknown[] = []): Promise<Row[]> => {
      if (sql.includes('platform.console_audit')) audit.push(params);
      if (sql.includes('platform.api_keys') && params[0] === hash) return [{ id: '1', name: 'suite', role, prefix: key.slice(0, 11) }] as Row[];
      return [];
    },
  };
}

/** Makes a known key live in a suite's database (after the platform's migrations); a second call keeps the first. */
export async function installTestApiKey(db: Pick<Database, 'query'>, key: string, role: ConsoleRole = 'owner'): Promise<void> {
  await db.query(
    `INSERT INTO platform.api_keys (name, role, prefix, secret_hash, created_by) VALUES ($1, $2, $3, $4, 'test suite')
     ON CONFLICT (secret_hash) DO NOTHING`,
    [`suite ${role}`, role, key.slice(0, 11), createHash('sha256').update(key).digest('hex')],
  );
}
