/**
 * Builds every app into .e2e/releases and makes them live, builds the fixture versions the journeys
 * promote (altered copies of real remotes, through the real build), then starts the shell server.
 */
import { appendFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';
import path from 'node:path';
import { buildApp, APPS } from '../platform/src/release/build-app.ts';
import { applyPromotion, createFileRegistryStore } from '../platform/src/release/registry.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import { loadConfig } from '../platform/src/config.ts';
import { openDatabase } from '../platform/src/db/database.ts';
import { applyMigrations } from '../platform/src/db/migrations.ts';
import { createDemoCampaign } from '../mf-checkout/server/demo-campaign.ts';
import { E2E_DIR, E2E_ENV, E2E_GOOGLE_PORT, E2E_FIXTURES_FILE, E2E_MAILBOX_FILE, E2E_RELEASES_DIR, E2E_SMTP_PORT, type E2EFixtures } from './test-site.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

async function buildVariant(app: 'mf-campaign' | 'mf-blog' | 'mf-account' | 'mf-checkout', alter: (dir: string) => Promise<void>): Promise<string> {
  const sourceDir = path.join(E2E_DIR, 'sources', app);
  await rm(sourceDir, { recursive: true, force: true });
  await cp(path.join(ROOT_DIR, app), sourceDir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  await alter(sourceDir);
  return (await buildApp(ROOT_DIR, E2E_RELEASES_DIR, app, { sourceDir })).version;
}

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`fixture source changed: ${from} not in ${file}`);
  await writeFile(file, text.replace(from, to));
}

await rm(E2E_DIR, { recursive: true, force: true });
await mkdir(E2E_RELEASES_DIR, { recursive: true });
const store = createFileRegistryStore(path.join(E2E_RELEASES_DIR, 'registry.json'));
const initial: Record<string, string> = {};
for (const app of APPS) {
  const { version } = await buildApp(ROOT_DIR, E2E_RELEASES_DIR, app);
  await store.update((state) => applyPromotion(state, app, version, 'e2e'));
  initial[app] = version;
}

const fixtures: E2EFixtures = {
  initial,
  campaignNext: await buildVariant('mf-campaign', (dir) =>
    replaceIn(path.join(dir, 'src/CampaignPage.tsx'), '<h1 className={styles.heading}>', '<p data-testid="release-badge">NEW</p>\n        <h1 className={styles.heading}>'),
  ),
  blogBroken: await buildVariant('mf-blog', (dir) =>
    replaceIn(path.join(dir, 'src/page.tsx'), 'export default {', "throw new Error('e2e: this release is broken');\n\nexport default {"),
  ),
  checkoutThrowing: await buildVariant('mf-checkout', (dir) =>
    replaceIn(path.join(dir, 'src/CheckoutPage.tsx'), "  const { offer } = data;", "  const { offer } = data;\n  if (offer) throw new Error('e2e: this page throws while rendering');"),
  ),
  accountSlow: await buildVariant('mf-account', (dir) =>
    replaceIn(path.join(dir, 'src/page.tsx'), '    login: accountPage<LoginPageData>(LoginPage, loginLoader),', '    login: accountPage<LoginPageData>(LoginPage, () => new Promise<LoginPageData>(() => undefined)),'),
  ),
};
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
  // The checkout's tables come with its release; the server would apply them too, before taking traffic.
  await applyMigrations(db, 'checkout', path.join(E2E_RELEASES_DIR, 'mf-checkout', initial['mf-checkout']!, 'migrations'));
  await createDemoCampaign(db);
  await db.close();
}
await import('../shell/server/main.ts');
