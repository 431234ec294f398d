import type { Database } from '@reelkeep/platform/host-context';
import { normaliseLicenceKey } from './licence-key.ts';

/** What the desktop app learns about a licence (docs/api.md "Licence API"). */
export interface LicenceStatusDto {
  key: string;
  status: 'active' | 'revoked' | 'expired';
  os: 'win' | 'mac';
  planType: string;
  allowNum: number;
  devicesUsed: number;
  expiresAt: string | null;
}

/** A refusal of the licence API: HTTP status and a stable code the app can translate. */
export interface LicenceRefusal {
  status: 400 | 403 | 404 | 409 | 429;
  error: 'invalid_key' | 'invalid_device' | 'revoked' | 'expired' | 'device_limit' | 'not_activated' | 'deactivation_limit';
}

interface LicenceRow {
  id: string;
  key: string;
  status: 'active' | 'revoked';
  os: 'win' | 'mac';
  plan_type: string;
  allow_num: number;
  expires_at: Date | null;
  user_id: string | null;
}

/** A device id the app sends: its own stable machine id (letters, digits, `-_:.`). */
const DEVICE_ID = /^[\w:.-]{8,128}$/;
const DEACTIVATION_WINDOW_MS = 30 * 24 * 3600_000;

/** Licence activation rules: devices = allow_num, expiry, revocation, and a cap on deactivate/reactivate cycling. */
export function createLicenceService(db: Database, options: { maxDeactivations: number; now?: () => number }) {
  const now = options.now ?? Date.now;

  async function find(query: Database['query'], rawKey: string, lock = false): Promise<LicenceRow | LicenceRefusal> {
    const key = normaliseLicenceKey(rawKey);
    if (!key) return { status: 400, error: 'invalid_key' };
    const [row] = await query<LicenceRow>(
      `SELECT l.id::text, l.key, l.status, l.os, l.plan_type, l.allow_num, l.expires_at, o.user_id FROM checkout.licences l JOIN checkout.orders o ON o.id = l.order_id WHERE l.key = $1${lock ? ' FOR UPDATE OF l' : ''}`,
      [key],
    );
    return row ?? { status: 404, error: 'invalid_key' };
  }

  const stateOf = (row: LicenceRow): LicenceStatusDto['status'] =>
    row.status === 'revoked' ? 'revoked' : row.expires_at && new Date(row.expires_at).getTime() <= now() ? 'expired' : 'active';

  async function describe(query: Database['query'], row: LicenceRow): Promise<LicenceStatusDto> {
    const [count] = await query<{ used: number }>(
      `SELECT count(*)::int AS used FROM checkout.devices WHERE licence_id = $1 AND deactivated_at IS NULL`,
      [row.id],
    );
    return {
      key: row.key,
      status: stateOf(row),
      os: row.os,
      planType: row.plan_type,
      allowNum: row.allow_num,
      devicesUsed: count?.used ?? 0,
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    };
  }

  const isRefusal = (value: LicenceRow | LicenceRefusal): value is LicenceRefusal => 'error' in value;

  return {
    /** Activates a device; the same device again is fine, one more than allow_num is refused. */
    async activate(rawKey: string, deviceId: string, name: string): Promise<LicenceStatusDto | LicenceRefusal> {
      if (!DEVICE_ID.test(deviceId)) return { status: 400, error: 'invalid_device' };
      return db.transaction(async (query) => {
        const row = await find(query, rawKey, true);
        if (isRefusal(row)) return row;
        const state = stateOf(row);
        if (state !== 'active') return { status: 403, error: state };
        const [existing] = await query(`SELECT 1 FROM checkout.devices WHERE licence_id = $1 AND device_id = $2 AND deactivated_at IS NULL`, [
          row.id,
          deviceId,
        ]);
        if (!existing) {
          const [count] = await query<{ used: number }>(
            `SELECT count(*)::int AS used FROM checkout.devices WHERE licence_id = $1 AND deactivated_at IS NULL`,
            [row.id],
          );
          if ((count?.used ?? 0) >= row.allow_num) return { status: 409, error: 'device_limit' } as const;
          await query(`INSERT INTO checkout.devices (licence_id, device_id, name, activated_at) VALUES ($1, $2, $3, $4)`, [
            row.id,
            deviceId,
            name.slice(0, 80),
            new Date(now()),
          ]);
        }
        return describe(query, row);
      });
    },

    /** Tells the app whether this device may run the licensed app now. */
    async validate(rawKey: string, deviceId: string): Promise<(LicenceStatusDto & { deviceActive: boolean }) | LicenceRefusal> {
      if (!DEVICE_ID.test(deviceId)) return { status: 400, error: 'invalid_device' };
      const row = await find(db.query, rawKey);
      if (isRefusal(row)) return row;
      const [device] = await db.query(`SELECT 1 FROM checkout.devices WHERE licence_id = $1 AND device_id = $2 AND deactivated_at IS NULL`, [
        row.id,
        deviceId,
      ]);
      return { ...(await describe(db.query, row)), deviceActive: Boolean(device) };
    },

    /**
     * Frees a device's seat. At most LICENCE_MAX_DEACTIVATIONS per licence in 30 days, so a seat cannot be
     * passed around by cycling (seats a support agent reset do not count); `ownerId` (My account) must match the buyer.
     */
    async deactivate(rawKey: string, deviceId: string, ownerId?: string): Promise<LicenceStatusDto | LicenceRefusal> {
      if (!DEVICE_ID.test(deviceId)) return { status: 400, error: 'invalid_device' };
      return db.transaction(async (query) => {
        const row = await find(query, rawKey, true);
        if (isRefusal(row)) return row;
        if (ownerId !== undefined && row.user_id !== ownerId) return { status: 404, error: 'invalid_key' } as const;
        const [recent] = await query<{ count: number }>(
          `SELECT count(*)::int AS count FROM checkout.devices WHERE licence_id = $1 AND deactivated_at > $2 AND reset_at IS NULL`,
          [row.id, new Date(now() - DEACTIVATION_WINDOW_MS)],
        );
        if ((recent?.count ?? 0) >= options.maxDeactivations) return { status: 429, error: 'deactivation_limit' } as const;
        const done = await query(
          `UPDATE checkout.devices SET deactivated_at = $3 WHERE licence_id = $1 AND device_id = $2 AND deactivated_at IS NULL RETURNING id`,
          [row.id, deviceId, new Date(now())],
        );
        if (done.length === 0) return { status: 404, error: 'not_activated' } as const;
        return describe(query, row);
      });
    },
  };
}

/** The licence service. */
export type LicenceService = ReturnType<typeof createLicenceService>;
