/**
 * Expand, then contract (docs/releases.md "Migrations"): a release's new migrations may add to the schema
 * freely, but may not take away or rename what the version still live uses, because that version keeps
 * running on the new schema until the switch (and again after a rollback). This finds the statements that
 * take something away, and which of them the live version still uses.
 */

/** A statement that removes or renames a table or column, or changes a column's type. */
export interface ContractingStatement {
  kind: 'drop-column' | 'rename-column' | 'drop-table' | 'rename-table' | 'change-type' | 'drop-schema';
  /** The name the live version would stop finding (the column or the table, without schema). */
  name: string;
  /** The schema a dropped or renamed table is named with, when the statement names one. */
  schema?: string;
  statement: string;
}

const IDENT = String.raw`"?([A-Za-z_][\w$]*)"?`;
const QUALIFIED = String.raw`(?:"?[A-Za-z_][\w$]*"?\.)?${IDENT}`;
/** A table name whose schema is captured too (second group), for the statements that take a whole table away. */
const TABLE = String.raw`(?:"?([A-Za-z_][\w$]*)"?\.)?${IDENT}`;
const PATTERNS: [ContractingStatement['kind'], RegExp][] = [
  [
    'drop-column',
    new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+DROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?${IDENT}`, 'i'),
  ],
  [
    'rename-column',
    new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+RENAME\s+(?:COLUMN\s+)?(?!TO\b)${IDENT}\s+TO\s+`, 'i'),
  ],
  ['rename-table', new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?${TABLE}\s+RENAME\s+TO\s+`, 'i')],
  [
    'change-type',
    new RegExp(
      String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+ALTER\s+(?:COLUMN\s+)?${IDENT}\s+(?:SET\s+DATA\s+)?TYPE\s`,
      'i',
    ),
  ],
  ['drop-table', new RegExp(String.raw`^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?${TABLE}`, 'i')],
  ['drop-schema', new RegExp(String.raw`^DROP\s+SCHEMA\s+(?:IF\s+EXISTS\s+)?${IDENT}`, 'i')],
];

/** Splits SQL into statements, without comments. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The statements of a migration that take something away from the schema. */
export function findContractingStatements(sql: string): ContractingStatement[] {
  const found: ContractingStatement[] = [];
  for (const statement of splitStatements(sql)) {
    for (const [kind, pattern] of PATTERNS) {
      const match = pattern.exec(statement);
      if (!match) continue;
      // For a column change the name the code uses is the column (second group); for a table the table
      // (second group, after its optional schema); else the schema.
      if (kind === 'drop-table' || kind === 'rename-table') {
        found.push({ kind, name: match[2]!, ...(match[1] ? { schema: match[1] } : {}), statement: statement.slice(0, 200) });
      } else {
        const name = (kind === 'drop-column' || kind === 'rename-column' || kind === 'change-type' ? match[2] : match[1])!;
        found.push({ kind, name, statement: statement.slice(0, 200) });
      }
      break;
    }
  }
  return found;
}

/**
 * Whether the live code still uses what a statement takes away. A column or schema is in use while its name
 * appears anywhere. A table named with its schema is in use while the code names it with that schema: squads
 * reach their tables schema-qualified (no search path is set), and a bare word such as `coupons` is as likely
 * a field of an answer as a table.
 */
function isStillUsed(change: ContractingStatement, liveCode: string): boolean {
  if (change.schema) return new RegExp(String.raw`(?<![\w$])"?${change.schema}"?\s*\.\s*"?${change.name}(?![\w$])`).test(liveCode);
  return new RegExp(String.raw`\b${change.name}\b`).test(liveCode);
}

/**
 * Why applying these new migrations would break the live version, one line each; empty when they are safe.
 * `liveCode` is the live version's API module: a name it still mentions is a name it still uses.
 */
export function findBreakingChanges(newMigrations: readonly { name: string; sql: string }[], liveCode: string, liveVersion: string): string[] {
  const problems: string[] = [];
  for (const migration of newMigrations) {
    for (const change of findContractingStatements(migration.sql)) {
      if (!isStillUsed(change, liveCode)) continue;
      problems.push(
        `${migration.name}: "${change.statement}" (${change.kind.replace('-', ' ')} ${change.name}) would break ${liveVersion}, which still uses ${change.name}; ` +
          'expand, then contract: release a version that stops using it first, and take it away in a later release',
      );
    }
  }
  return problems;
}
