import { isConsoleRole, type ConsoleActor, type ConsoleRole } from '@reelkeep/shared-contracts/console';
import type { Database } from '@reelkeep/platform/host-context';

/** How making an owner ended. */
export type OwnerGrant =
  { outcome: 'granted'; userId: string; before: ConsoleRole | null } | { outcome: 'already-owner' } | { outcome: 'no-account' };

/**
 * docs/console.md "The first owner": gives the account of an address the `owner` role (its holder is asked to set
 * up two-factor sign-in at the first console sign-in). Writes the audit entry in the same transaction.
 */
export async function grantOwner(db: Pick<Database, 'transaction'>, email: string, by: ConsoleActor): Promise<OwnerGrant> {
  return db.transaction(async (query) => {
    const [user] = await query<{ id: string; role: string | null }>('SELECT id, role FROM account.users WHERE lower(email) = lower($1) FOR UPDATE', [
      email,
    ]);
    if (!user) return { outcome: 'no-account' };
    if (user.role === 'owner') return { outcome: 'already-owner' };
    const before = isConsoleRole(user.role) ? user.role : null;
    await query(`UPDATE account.users SET role = 'owner', updated_at = now() WHERE id = $1`, [user.id]);
    await query(
      `INSERT INTO platform.console_audit (actor_id, actor_email, actor_role, action, target, before, after)
       VALUES ($1, $2, $3, 'role.grant', $4, $5::jsonb, $6::jsonb)`,
      [by.id, by.email, by.role, email, JSON.stringify({ role: before }), JSON.stringify({ role: 'owner' })],
    );
    return { outcome: 'granted', userId: user.id, before };
  });
}
