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
  statement: string;
}

const IDENT = String.raw`"?([A-Za-z_][\w$]*)"?`;
const QUALIFIED = String.raw`(?:"?[A-Za-z_][\w$]*"?\.)?${IDENT}`;
const PATTERNS: [ContractingStatement['kind'], RegExp][] = [
  [
    'drop-column',
    new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+DROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?${IDENT}`, 'i'),
  ],
  [
    'rename-column',
    new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+RENAME\s+(?:COLUMN\s+)?(?!TO\b)${IDENT}\s+TO\s+`, 'i'),
  ],
  ['rename-table', new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?${QUALIFIED}\s+RENAME\s+TO\s+`, 'i')],
  [
    'change-type',
    new RegExp(
      String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${QUALIFIED}\s+ALTER\s+(?:COLUMN\s+)?${IDENT}\s+(?:SET\s+DATA\s+)?TYPE\s`,
      'i',
    ),
  ],
  ['drop-table', new RegExp(String.raw`^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?${QUALIFIED}`, 'i')],
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
      // For a column change the name the code uses is the column (second group); else the table or schema.
      const name = (kind === 'drop-column' || kind === 'rename-column' || kind === 'change-type' ? match[2] : match[1])!;
      found.push({ kind, name, statement: statement.slice(0, 200) });
      break;
    }
  }
  return found;
}

/**
 * Why applying these new migrations would break the live version, one line each; empty when they are safe.
 * `liveCode` is the live version's API module: a name it still mentions is a name it still uses.
 */
export function findBreakingChanges(newMigrations: readonly { name: string; sql: string }[], liveCode: string, liveVersion: string): string[] {
  const problems: string[] = [];
  for (const migration of newMigrations) {
    for (const change of findContractingStatements(migration.sql)) {
      if (!new RegExp(String.raw`\b${change.name}\b`).test(liveCode)) continue;
      problems.push(
        `${migration.name}: "${change.statement}" (${change.kind.replace('-', ' ')} ${change.name}) would break ${liveVersion}, which still uses ${change.name}; ` +
          'expand, then contract: release a version that stops using it first, and take it away in a later release',
      );
    }
  }
  return problems;
}
