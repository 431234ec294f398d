import { describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

/**
 * docs/operations.md "When PostgreSQL is down": PostgreSQL drops the connection of the fulfilment's transaction
 * (a restart, `pg_terminate_backend`) after the licence was written and before COMMIT, or the COMMIT went
 * through and only its answer was lost. Either way the payment is kept, the next look at the order completes it,
 * and the order has exactly one licence and one receipt. PostgreSQL only: PGlite has no connection to cut.
 */
const postgres = listTestDatabases().filter(([kind]) => kind === 'PostgreSQL');
const describeOnPostgres = postgres.length > 0 ? describe : describe.skip;

/** The database, with the fulfilment's transaction of one order cut once: before its COMMIT, or after it. */
function withCuts(open: () => Promise<Database>) {
  const cuts = { beforeCommit: new Set<string>(), afterCommit: new Set<string>() };
  const openCut = async (): Promise<Database> => {
    const db = await open();
    return {
      ...db,
      async transaction(work) {
        let cutAfterCommit = false;
        const result = await db.transaction((query) =>
          work(async (sql, params) => {
            const rows = await query(sql, params);
            const orderId = /INSERT INTO checkout\.licences/.test(sql) ? String(params?.[0]) : '';
            // The server ends this very session: the transaction is rolled back by PostgreSQL, the client sees the cut.
            if (cuts.beforeCommit.delete(orderId)) await query('SELECT pg_terminate_backend(pg_backend_pid())');
            if (cuts.afterCommit.delete(orderId)) cutAfterCommit = true;
            return rows as never;
          }),
        );
        if (cutAfterCommit) throw Object.assign(new Error('Connection terminated unexpectedly'), { committed: true });
        return result;
      },
    };
  };
  return { cuts, openCut };
}

describeOnPostgres.each(postgres)('a fulfilment whose connection is cut, on %s', (_kind, open) => {
  const { cuts, openCut } = withCuts(open);
  const checkout = useSandboxCheckout(openCut);
  const { order, pay, outbox, licenceCount } = checkout;

  it.each([
    ['before COMMIT (nothing kept)', 'beforeCommit' as const],
    ['after COMMIT (only the answer lost)', 'afterCommit' as const],
  ])('cut %s: the next look completes the order with exactly one licence and one receipt', async (_case, when) => {
    const placed = await order('10721LFT_3');
    cuts[when].add(placed.id);
    const paid = await pay(placed.id, '4242424242424242');
    expect(paid).toMatchObject({ status: 202, body: { error: 'processing' } });
    const [looked, again] = await Promise.all([
      checkout.buyer('GET', `/api/checkout/orders/${placed.id}`),
      checkout.buyer('GET', `/api/checkout/orders/${placed.id}`),
    ]);
    expect(looked.body.order!.status).toBe('paid');
    expect(again.body.order!.licence!.key).toBe(looked.body.order!.licence!.key);
    expect(await licenceCount(placed.id)).toBe(1);
    expect((await outbox()).filter((mail) => mail.body_text.includes(looked.body.order!.licence!.key))).toHaveLength(1);
    // The pool serves on: a second purchase goes straight through.
    const next = await order('107211Y');
    expect((await pay(next.id, '4242424242424242')).status).toBe(200);
  });
});
