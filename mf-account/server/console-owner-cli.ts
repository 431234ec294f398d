import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@reelkeep/platform/config';
import { EmbeddedDatabaseInUseError, openDatabase } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { grantOwner } from './console-owner.ts';

/**
 * `npm run console:owner -- <email>` (docs/console.md "The first owner"): makes the account of that address a
 * console owner. Run once, while the site is stopped when it uses the embedded database; after that owners grant
 * roles in the console. Brings the platform's and the account squad's schemas up to these sources first.
 */
const config = loadConfig();
const email = z.email().max(320).safeParse(process.argv[2]);
if (!email.success) {
  console.error('usage: npm run console:owner -- <e-mail address of an existing account>');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }).catch((error: unknown) => {
  // docs/operations.md "One process per embedded database": never open it beside the running site.
  if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
  console.error(
    `console:owner: ${error.message}.\n` +
      `Stop the site (Ctrl+C in its terminal), run "npm run console:owner -- ${email.data}" again, then start it with "npm start". ` +
      `Once an owner exists, owners grant roles in the console instead (${new URL('/console/people', config.SITE_URL).href}).`,
  );
  process.exit(1);
});
try {
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await applyMigrations(db, 'account', path.join(import.meta.dirname, 'migrations'));
  const operator = `${os.userInfo().username}@${os.hostname()}`;
  const grant = await grantOwner(db, email.data, { id: `cli:${operator}`, email: operator, role: 'owner' });
  if (grant.outcome === 'no-account') {
    console.error(
      `console:owner: no account uses ${email.data}. Register it first at ${new URL('/register', config.SITE_URL).href}, then run this again.`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `${email.data} ${grant.outcome === 'granted' ? 'is now' : 'already is'} a console owner. ` +
        `Sign in at ${new URL('/console', config.SITE_URL).href}: the first sign-in sets up two-factor sign-in.\n`,
    );
  }
} finally {
  await db.close();
}
