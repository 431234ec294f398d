import { describe, expect, it } from '@jest/globals';
import { findBreakingChanges, findContractingStatements } from './migration-safety.ts';

describe('findContractingStatements', () => {
  it.each([
    ['ALTER TABLE checkout.orders DROP COLUMN legacy_ref;', 'drop-column', 'legacy_ref'],
    ['alter table if exists "checkout"."orders" drop "legacy_ref"', 'drop-column', 'legacy_ref'],
    ['ALTER TABLE checkout.orders RENAME COLUMN email TO buyer_email', 'rename-column', 'email'],
    ['ALTER TABLE checkout.orders RENAME email TO buyer_email', 'rename-column', 'email'],
    ['ALTER TABLE checkout.orders RENAME TO purchases', 'rename-table', 'orders'],
    ['ALTER TABLE checkout.orders ALTER COLUMN amount_cents TYPE bigint', 'change-type', 'amount_cents'],
    ['ALTER TABLE checkout.orders ALTER amount_cents SET DATA TYPE numeric', 'change-type', 'amount_cents'],
    ['DROP TABLE IF EXISTS campaign.banners', 'drop-table', 'banners'],
    ['DROP TABLE "checkout"."coupons"', 'drop-table', 'coupons'],
    ['DROP TABLE coupons', 'drop-table', 'coupons'],
    ['DROP SCHEMA campaign CASCADE', 'drop-schema', 'campaign'],
  ])('finds %s', (sql, kind, name) => {
    expect(findContractingStatements(sql)).toEqual([expect.objectContaining({ kind, name })]);
  });

  it.each([
    'ALTER TABLE checkout.orders ADD COLUMN gift_note text',
    'CREATE TABLE campaign.banners (id text PRIMARY KEY)',
    'CREATE INDEX orders_email ON checkout.orders (email)',
    "ALTER TABLE checkout.orders ALTER COLUMN note SET DEFAULT ''",
    '-- DROP TABLE checkout.orders\nSELECT 1',
  ])('leaves an expanding statement alone: %s', (sql) => {
    expect(findContractingStatements(sql)).toEqual([]);
  });
});

describe('findBreakingChanges', () => {
  const liveCode = 'await query(`SELECT id, legacy_ref FROM checkout.orders WHERE id = $1`)';
  it('refuses to take away what the live version still uses, saying why and what to do', () => {
    const problems = findBreakingChanges(
      [{ name: '0004_drop_legacy.sql', sql: 'ALTER TABLE checkout.orders DROP COLUMN legacy_ref;' }],
      liveCode,
      'mf-checkout@0.1.0-live',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/0004_drop_legacy\.sql.*drop column legacy_ref.*mf-checkout@0\.1\.0-live.*expand, then contract/);
  });

  it('lets a release take away what the live version no longer uses (the contract step)', () => {
    expect(findBreakingChanges([{ name: '0005.sql', sql: 'ALTER TABLE checkout.orders DROP COLUMN old_note' }], liveCode, 'v')).toEqual([]);
  });

  it('reads a table dropped with its schema as in use only where the live code names it with that schema', () => {
    const drop = [{ name: '0004.sql', sql: 'DROP TABLE IF EXISTS checkout.coupons; DROP TABLE checkout.campaigns;' }];
    expect(findContractingStatements(drop[0]!.sql)).toEqual([
      expect.objectContaining({ kind: 'drop-table', schema: 'checkout', name: 'coupons' }),
      expect.objectContaining({ kind: 'drop-table', schema: 'checkout', name: 'campaigns' }),
    ]);
    // A field named like the table (the offer's `coupons`, the campaign squad's own `campaign.coupons`) is not a use.
    const readsThroughTheCampaignSquad = 'return { coupons: offer.coupons, campaign }; query(`SELECT code FROM campaign.coupons`)';
    expect(findBreakingChanges(drop, readsThroughTheCampaignSquad, 'v')).toEqual([]);
    expect(findBreakingChanges(drop, 'query(`SELECT * FROM checkout.coupons WHERE code = $1`)', 'v')).toEqual([
      expect.stringMatching(/drop table coupons/),
    ]);
    expect(findBreakingChanges(drop, 'query(`SELECT * FROM "checkout"."campaigns"`)', 'v')).toEqual([expect.stringMatching(/drop table campaigns/)]);
    // Without a schema in the statement, any mention still counts.
    expect(findBreakingChanges([{ name: '0004.sql', sql: 'DROP TABLE coupons' }], readsThroughTheCampaignSquad, 'v')).toHaveLength(1);
  });
});
