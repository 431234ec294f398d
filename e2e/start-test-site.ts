/**
 * Builds every app into .e2e/releases and makes them live, builds the fixture versions the journeys
 * promote (altered copies of real remotes, through the real build), then starts the shell server.
 */
import { execFile } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, APPS } from '../platform/src/release/build-app.ts';
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
  RELEASE_MARKER_SERVICE,
  type E2EFixtures,
} from './test-site.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

async function buildVariant(
  app: 'shell' | 'mf-landing' | 'mf-campaign' | 'mf-blog' | 'mf-account' | 'mf-checkout',
  alter: (dir: string) => Promise<void>,
  alterTexts?: (localesDir: string) => Promise<void>,
): Promise<string> {
  const sourceDir = path.join(E2E_DIR, 'sources', app);
  await rm(sourceDir, { recursive: true, force: true });
  await cp(path.join(ROOT_DIR, app), sourceDir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  await alter(sourceDir);
  // docs/i18n.md "Texts ship with their squad": a variant's words come from its own copy of `locales/`.
  const localesDir = alterTexts ? path.join(E2E_DIR, 'sources', `${app}-locales`) : undefined;
  if (localesDir && alterTexts) {
    await rm(localesDir, { recursive: true, force: true });
    await cp(path.join(ROOT_DIR, 'locales'), localesDir, { recursive: true, filter: (source) => !source.endsWith('.ts') });
    await alterTexts(localesDir);
  }
  return (await buildApp(ROOT_DIR, E2E_RELEASES_DIR, app, { sourceDir, localesDir })).version;
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

for (const app of APPS) {
  const version = (await copyBuiltRelease(app)) ?? (await buildApp(ROOT_DIR, E2E_RELEASES_DIR, app)).version;
  await store.update((state) => applyPromotion(state, app, version, 'e2e'));
  initial[app] = version;
}

const fixtures: E2EFixtures = {
  initial,
  campaignNext: await buildVariant('mf-campaign', (dir) =>
    replaceIn(
      path.join(dir, 'src/CampaignPages.tsx'),
      '<h1 className={styles.heading}>',
      '<p data-testid="release-badge">NEW</p>\n        <h1 className={styles.heading}>',
    ),
  ),
  blogBroken: await buildVariant('mf-blog', (dir) =>
    replaceIn(path.join(dir, 'src/page.tsx'), 'export default {', "throw new Error('e2e: this release is broken');\n\nexport default {"),
  ),
  checkoutThrowing: await buildVariant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'src/CheckoutPage.tsx'),
      '  const { offer } = data;',
      "  const { offer } = data;\n  if (offer) throw new Error('e2e: this page throws while rendering');",
    ),
  ),
  landingThrowingOnOneRoute: await buildVariant('mf-landing', (dir) =>
    replaceIn(
      path.join(dir, 'src/pages/InfoPages.tsx'),
      "  const locale = useSelector(selectLocale);\n  return (\n    <>\n      <Hero eyebrow={t('eyebrow')}",
      "  const locale = useSelector(selectLocale);\n  if (locale) throw new Error('e2e: this canary throws on the product overview');\n  return (\n    <>\n      <Hero eyebrow={t('eyebrow')}",
    ),
  ),
  accountSlow: await buildVariant('mf-account', (dir) =>
    replaceIn(
      path.join(dir, 'src/page.tsx'),
      '    login: accountPage<LoginPageData>(LoginPage, loginLoader),',
      '    login: accountPage<LoginPageData>(LoginPage, () => new Promise<LoginPageData>(() => undefined)),',
    ),
  ),
  checkoutNextSlice: await buildVariant('mf-checkout', async (dir) => {
    await replaceIn(
      path.join(dir, 'server/routes/offer-routes.ts'),
      "return respondJson(body, 200, { 'cache-control': 'no-store' });",
      "return respondJson({ ...body, releaseNote: 'next-slice' }, 200, { 'cache-control': 'no-store' });",
    );
    await replaceIn(
      path.join(dir, 'src/CheckoutPage.tsx'),
      "<h1 className={controls.heading}>{t('heading')}</h1>",
      "<h1 className={controls.heading}>{t('heading')}</h1>{'releaseNote' in offer && <p data-testid=\"release-note\">{String(offer.releaseNote)}</p>}",
    );
  }),
  checkoutUnconfigured: await buildVariant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'server/settings.ts'),
      "    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),",
      "    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),\n    CHECKOUT_E2E_REQUIRED_KEY: z.string().min(1),",
    ),
  ),
  checkoutHanging: await buildVariant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'server/api.ts'),
      '    routes: createCheckoutRoutes(options),',
      '    routes: createCheckoutRoutes(options).map((route) => ({ ...route, handle: () => new Promise<Response>(() => undefined) })),',
    ),
  ),
  checkoutDropsColumn: await buildVariant('mf-checkout', (dir) =>
    writeFile(path.join(dir, 'server/migrations/0099_drop_order_email.sql'), 'ALTER TABLE checkout.orders DROP COLUMN email;\n'),
  ),
  campaignWithMigration: await buildVariant('mf-campaign', async (dir) => {
    await writeFile(
      path.join(dir, 'server/migrations/0099_slice_notes.sql'),
      "CREATE TABLE IF NOT EXISTS campaign.slice_notes (id serial PRIMARY KEY, note text NOT NULL);\nINSERT INTO campaign.slice_notes (note) VALUES ('added by a migration');\n",
    );
    await replaceIn(
      path.join(dir, 'server/api.ts'),
      '  routes: [...CAMPAIGN_ROUTES, ...CONSOLE_SECTION_ROUTES],',
      "  routes: [...CAMPAIGN_ROUTES, ...CONSOLE_SECTION_ROUTES, { method: 'GET', path: '/api/campaign/slice-note', handle: async (_request, context) => Response.json({ notes: await context.db.query('SELECT note FROM campaign.slice_notes') }) }],",
    );
  }),
  landingText: await buildVariant(
    'mf-landing',
    (dir) =>
      replaceIn(
        path.join(dir, 'server/catalogue-api.ts'),
        '      services: listServicesByGroup(group).map(({ slug, name }) => ({ slug, name })),',
        `      services: [...(group === 'hot' ? [${JSON.stringify(RELEASE_MARKER_SERVICE)}] : []), ...listServicesByGroup(group).map(({ slug, name }) => ({ slug, name }))],`,
      ),
    (localesDir) =>
      replaceIn(
        path.join(localesDir, 'en/landing.json'),
        '"heading": "{{service}} Downloader"',
        '"heading": "{{service}} Downloader, now in a release"',
      ),
  ),
  shellWithRoute: await buildVariant('shell', async (dir) => {
    await replaceIn(
      path.join(dir, 'src/routing/route-table.ts'),
      "  fixed('product-overview', '/product-overview'),",
      "  fixed('product-overview', '/product-overview'),\n  fixed('product-overview', '/tour', { pageName: () => 'product_overview' }),",
    );
    await replaceIn(
      path.join(dir, 'src/url-rules/retired-pages.server.ts'),
      "  '/funimation-downloader': '/crunchyroll-downloader',",
      "  '/funimation-downloader': '/crunchyroll-downloader',\n  '/take-the-tour': '/tour',",
    );
  }),
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
