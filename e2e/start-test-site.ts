/**
 * Builds every app into .e2e/releases and makes them live, builds the fixture versions the journeys
 * promote (altered copies of real remotes, through the real build: e2e/fixture-builds.ts, which keeps
 * each build for the next run with the same sources), then starts the shell server.
 */
import { execFile } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';
import path from 'node:path';
import { promisify } from 'node:util';
import { APPS, type AppName } from '../platform/src/release/build-app.ts';
import { buildVersions, copyBuild, E2E_BUILDS_DIR, listBuildNames, type VariantName } from './fixture-builds.ts';
import { applyPromotion, createFileRegistryStore } from '../platform/src/release/registry.ts';
import { findReleaseProblems, toReleaseDir } from '../platform/src/release/releases.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import { loadConfig } from '../platform/src/config.ts';
import { openDatabase } from '../platform/src/db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../platform/src/db/migrations.ts';
import { installTestApiKey } from '../platform/src/testing/api-keys.ts';
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { createDemoCampaign } from '../mf-campaign/server/demo-campaign.ts';
import {
  E2E_CONSOLE_ACCOUNTS,
  E2E_CONSOLE_OWNER,
  E2E_CONSOLE_PASSWORD,
  E2E_DIR,
  E2E_ENV,
  E2E_GOOGLE_PORT,
  E2E_FIXTURES_FILE,
  E2E_MAILBOX_FILE,
  E2E_OWNER_KEY,
  E2E_RELEASES_DIR,
  E2E_SMTP_PORT,
  type E2EFixtures,
} from './test-site.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

// A fresh state for every run; only the kept builds stay (fixture-builds.ts).
for (const entry of await readdir(E2E_DIR).catch(() => [])) {
  if (path.join(E2E_DIR, entry) !== E2E_BUILDS_DIR) await rm(path.join(E2E_DIR, entry), { recursive: true, force: true });
}
await mkdir(E2E_RELEASES_DIR, { recursive: true });
const store = createFileRegistryStore(path.join(E2E_RELEASES_DIR, 'registry.json'));
const initial: Record<string, string> = {};
/**
 * docs/testing.md: with `E2E_BUILT_RELEASES_DIR` (CI sets it to the `releases/` that `npm run build` has just filled from
 * the same sources) each app's live build there is copied, after its hashes are checked, instead of being built again.
 */
async function copyBuiltRelease(app: (typeof APPS)[number]): Promise<string | undefined> {
  const builtDir = process.env.E2E_BUILT_RELEASES_DIR;
  if (!builtDir) return undefined;
  const live = await createFileRegistryStore(path.join(builtDir, 'registry.json'))
    .read()
    .then((state) => state.apps[app]?.live)
    .catch(() => undefined);
  if (!live || (await findReleaseProblems(builtDir, app, live)).length > 0) return undefined;
  await cp(toReleaseDir(builtDir, app, live), toReleaseDir(E2E_RELEASES_DIR, app, live), { recursive: true });
  return live;
}

const copied: Partial<Record<AppName, string>> = {};
for (const app of APPS) copied[app] = await copyBuiltRelease(app);
// The apps not copied and the fixture versions: two builds at a time, or kept from a run with the same sources (fixture-builds.ts).
const outcomes = await buildVersions([...APPS.filter((app) => !copied[app]).map((app) => `initial:${app}` as const), ...listBuildNames(false)]);
for (const app of APPS) {
  const version = copied[app] ?? (await copyBuild(outcomes.get(`initial:${app}`)!, E2E_RELEASES_DIR));
  await store.update((state) => applyPromotion(state, app, version, 'e2e'));
  initial[app] = version;
}
const fixtures = { initial } as E2EFixtures;
for (const outcome of outcomes.values()) {
  if (!outcome.name.startsWith('initial:')) fixtures[outcome.name as VariantName] = await copyBuild(outcome, E2E_RELEASES_DIR);
}
await writeFile(E2E_FIXTURES_FILE, JSON.stringify(fixtures, null, 2));

// A real SMTP server on loopback: the site's mail (password resets, contact) is delivered to it.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((address) => address.address);
      appendFileSync(E2E_MAILBOX_FILE, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }) + '\n');
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

// Google sign-in against a local key set and Identity Services stand-in, with real RS256 signatures.
await startGoogleStandIn(E2E_GOOGLE_PORT);

Object.assign(process.env, E2E_ENV);
// A campaign running now, with coupons, as `npm run demo:campaign` makes it for the demo site.
{
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  // The campaign squad's tables come with its release; the server would apply them too, before taking traffic.
  await applyMigrations(db, 'campaign', path.join(E2E_RELEASES_DIR, 'mf-campaign', initial['mf-campaign']!, 'migrations'));
  await createDemoCampaign(db);
  // The console's accounts (E2E_CONSOLE_ACCOUNTS): the account squad's tables come with its release, as the campaign's do.
  await applyMigrations(db, 'account', path.join(E2E_RELEASES_DIR, 'mf-account', initial['mf-account']!, 'migrations'));
  const password = await hashPassword(E2E_CONSOLE_PASSWORD);
  // The first owner starts as a customer (the library's default role); the command below makes it an owner.
  for (const { email, role } of [...Object.values(E2E_CONSOLE_ACCOUNTS), { email: E2E_CONSOLE_OWNER.email, role: 'user' }]) {
    const id = randomUUID();
    const [user] = await db.query<{ id: string }>(
      `INSERT INTO account.users (id, name, email, email_verified, role) VALUES ($1, $2, $3, true, $4)
       ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role RETURNING id`,
      [id, role, email, role],
    );
    await db.query(
      `INSERT INTO account.accounts (id, account_id, provider_id, user_id, password) SELECT $1, $2, 'credential', $2, $3
       WHERE NOT EXISTS (SELECT 1 FROM account.accounts WHERE user_id = $2 AND provider_id = 'credential')`,
      [randomUUID(), user!.id, password],
    );
  }
  // The journeys' operator: an owner's API key, as `npm run console:api-key` makes one.
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await installTestApiKey(db, E2E_OWNER_KEY);
  await db.close();
}
// The first owner, by the real command, on the embedded database no site holds yet (it refuses one a site holds).
await promisify(execFile)(process.execPath, ['mf-account/server/console-owner-cli.ts', E2E_CONSOLE_OWNER.email], {
  cwd: ROOT_DIR,
  env: { ...process.env, ...E2E_ENV },
});
await import('../shell/server/main.ts');
