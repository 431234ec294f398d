import { createHash, randomUUID } from 'node:crypto';
import { contactDraftSchema, type ContactDraft } from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/host-context';

/** How many drafts are kept, and for how long (docs/forms.md "Drafts"). */
export interface DraftLimits {
  /** Lifetime of a draft, in seconds. */
  ttlS: number;
  /** Live drafts per client address; a new one replaces the oldest. */
  perVisitor: number;
  /** Live drafts in all; beyond that no new draft is kept. */
  total: number;
}

/** docs/forms.md "Drafts": ten minutes, three per visitor, ten thousand in all. */
export const DRAFT_LIMITS: DraftLimits = Object.freeze({ ttlS: 10 * 60, perVisitor: 3, total: 10_000 });

/**
 * The visitor a draft belongs to, as stored (docs/forms.md "Drafts"): the host's keyed hash of their
 * address (`context.keyedHash`, keyed with the site's secret), digested once more so that the table always
 * holds a fixed-size key and never the address itself, whatever form the keyed hash takes. The table can
 * still count drafts per address.
 */
export function toClientKey(clientIp: string, keyedHash: (value: string) => string): string {
  return createHash('sha256')
    .update(keyedHash(`contact-draft:${clientIp}`))
    .digest('base64url');
}

/**
 * Keeps a refused form's draft in `landing.contact_drafts` (shared by every instance) and returns its id,
 * or null when the table holds `limits.total` live drafts already. In one transaction: expired drafts are
 * deleted, the draft is added, and the visitor's drafts beyond `limits.perVisitor` go, oldest first.
 */
export async function saveContactDraft(
  db: Database,
  draft: ContactDraft & { clientKey: string },
  limits: DraftLimits = DRAFT_LIMITS,
): Promise<string | null> {
  const checked = contactDraftSchema.parse(draft);
  return db.transaction(async (query) => {
    await query('DELETE FROM landing.contact_drafts WHERE expires_at <= now()');
    const [kept] = await query<{ id: string }>(
      `INSERT INTO landing.contact_drafts (id, fields, problems, client_key, expires_at)
       SELECT $1, $2::jsonb, $3::jsonb, $4, now() + $5::int * interval '1 second'
       WHERE (SELECT count(*) FROM landing.contact_drafts) < $6
       RETURNING id`,
      [randomUUID(), JSON.stringify(checked.fields), JSON.stringify(checked.problems), draft.clientKey, limits.ttlS, limits.total],
    );
    if (!kept) return null;
    await query(
      `DELETE FROM landing.contact_drafts WHERE id IN (
         SELECT id FROM landing.contact_drafts WHERE client_key = $1 ORDER BY created_at DESC, id OFFSET $2
       )`,
      [draft.clientKey, limits.perVisitor],
    );
    return kept.id;
  });
}

/** A live draft by its id; null when unknown or expired. */
export async function readContactDraft(db: Database, id: string): Promise<ContactDraft | null> {
  const [row] = await db.query<{ fields: unknown; problems: unknown }>(
    'SELECT fields, problems FROM landing.contact_drafts WHERE id = $1 AND expires_at > now()',
    [id],
  );
  if (!row) return null;
  const draft = contactDraftSchema.safeParse(row);
  return draft.success ? draft.data : null;
}
