import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, ConsoleActor, ConsoleRole } from '@reelkeep/shared-contracts/console';
import type { Database } from './db/database.ts';

/**
 * docs/console.md "API keys": scoped keys for automation, replacing the one shared ADMIN_TOKEN. A key is
 * `rk_` and 40 characters of 240 random bits; the table keeps its SHA-256 and a prefix to recognise it by, so a
 * copy of the database reveals no key. A key acts with its role's permissions and is revoked, never deleted.
 */

/** How every key begins (a secret scanner can spot one). */
export const API_KEY_MARK = 'rk_';
/** Characters of a key shown after it was made: the mark and 8 of its own. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
const KEY_PATTERN = /^rk_[A-Za-z0-9_-]{40}$/;

/** A key's record, with the id the audit log names it by. */
export type ApiKeyRecord = ApiKey;

interface ApiKeyRow {
  id: string;
  name: string;
  role: ConsoleRole;
  prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

const COLUMNS = `id::text, name, role, prefix, created_by, created_at::text, last_used_at::text, revoked_at::text, revoked_by`;

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
  };
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The audit log's actor for a key: its id, its name and prefix, its role. */
export function toKeyActor(key: Pick<ApiKeyRecord, 'id' | 'name' | 'prefix' | 'role'>): ConsoleActor {
  return { id: `api-key:${key.id}`, email: `${key.name} (${key.prefix}…)`, role: key.role };
}

/** Makes a key; the whole key is in the answer only (shown once). */
export async function createApiKey(
  db: Pick<Database, 'query'>,
  input: { name: string; role: ConsoleRole; createdBy: string },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = API_KEY_MARK + randomBytes(30).toString('base64url');
  const [row] = await db.query<ApiKeyRow>(
    `INSERT INTO platform.api_keys (name, role, prefix, secret_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [input.name, input.role, key.slice(0, PREFIX_LENGTH), hashKey(key), input.createdBy],
  );
  return { key, record: toRecord(row!) };
}

/** The live key a secret is, or null (unknown, malformed or revoked). Marks it used (at most once a minute). */
export async function findApiKey(db: Pick<Database, 'query'>, secret: string): Promise<ApiKeyRecord | null> {
  if (!KEY_PATTERN.test(secret)) return null;
  const [row] = await db.query<ApiKeyRow>(
    `UPDATE platform.api_keys SET last_used_at = CASE WHEN last_used_at IS NULL OR last_used_at < now() - interval '1 minute' THEN now() ELSE last_used_at END
      WHERE secret_hash = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [hashKey(secret)],
  );
  return row ? toRecord(row) : null;
}

/** Every key, newest first (revoked ones too: they stay on record). */
export async function listApiKeys(db: Pick<Database, 'query'>): Promise<ApiKeyRecord[]> {
  return (await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM platform.api_keys ORDER BY api_keys.id DESC`)).map(toRecord);
}

/** Revokes a key; the key as it now is, or null when there is no such key. Revoking twice keeps the first revocation. */
export async function revokeApiKey(db: Pick<Database, 'query'>, id: string, revokedBy: string): Promise<ApiKeyRecord | null> {
  const [row] = await db.query<ApiKeyRow>(
    `UPDATE platform.api_keys SET revoked_at = COALESCE(revoked_at, now()), revoked_by = COALESCE(revoked_by, $2) WHERE id = $1::bigint RETURNING ${COLUMNS}`,
    [id, revokedBy],
  );
  return row ? toRecord(row) : null;
}
