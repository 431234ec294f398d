/**
 * The fixture versions the journeys promote (docs/testing.md "Builds kept between runs"): altered copies of real apps, built
 * through the real build. Each build is kept in `.e2e/builds` under the digest of its sources
 * (`scripts/source-digest.ts`), so a later run with the same sources copies it (hashes checked) instead of building it
 * again, and the builds a run lacks are made two at a time, each in a process of its own.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppName } from '../platform/src/release/build-app.ts';
import { findReleaseProblems, toReleaseDir } from '../platform/src/release/releases.ts';
import { digestBuildInputs, readRepository, type RepositorySnapshot } from '../scripts/source-digest.ts';
import { E2E_DIR, RELEASE_MARKER_SERVICE, type E2EFixtures } from './test-site.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');
/** The apps (as build-app.ts lists them), here so that finding a kept build never loads the bundler. */
const APPS = ['shell', 'mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign'] as const satisfies readonly AppName[];
/** Kept between runs (start-test-site.ts empties the rest of `.e2e`): `releases/` of built versions, `keys/` naming them. */
export const E2E_BUILDS_DIR = path.join(E2E_DIR, 'builds');
const BUILT_RELEASES_DIR = path.join(E2E_BUILDS_DIR, 'releases');
const KEYS_DIR = path.join(E2E_BUILDS_DIR, 'keys');
/** Two builds at once: a build leaves a core idle while it compresses and hashes its files; more only queue on two cores. */
export const BUILD_CONCURRENCY = 2;

/** A fixture's name: a field of `E2EFixtures`. */
export type VariantName = Exclude<keyof E2EFixtures, 'initial'>;

/** How a fixture version differs from its app: an edit of a copy of its sources, and of its texts when given. */
interface Variant {
  app: AppName;
  alter: (dir: string) => Promise<void>;
  alterTexts?: (localesDir: string) => Promise<void>;
}

const variant = (app: AppName, alter: Variant['alter'], alterTexts?: Variant['alterTexts']): Variant => ({ app, alter, alterTexts });

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`fixture source changed: ${from} not in ${file}`);
  await writeFile(file, text.replace(from, to));
}

export const FIXTURE_VARIANTS: Record<VariantName, Variant> = {
  campaignNext: variant('mf-campaign', (dir) =>
    replaceIn(
      path.join(dir, 'src/CampaignPages.tsx'),
      '<h1 className={styles.heading}>',
      '<p data-testid="release-badge">NEW</p>\n        <h1 className={styles.heading}>',
    ),
  ),
  blogBroken: variant('mf-blog', (dir) =>
    replaceIn(path.join(dir, 'src/page.tsx'), 'export default {', "throw new Error('e2e: this release is broken');\n\nexport default {"),
  ),
  checkoutThrowing: variant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'src/CheckoutPage.tsx'),
      '  const { offer } = data;',
      "  const { offer } = data;\n  if (offer) throw new Error('e2e: this page throws while rendering');",
    ),
  ),
  landingThrowingOnOneRoute: variant('mf-landing', (dir) =>
    replaceIn(
      path.join(dir, 'src/pages/InfoPages.tsx'),
      "  const locale = useSelector(selectLocale);\n  return (\n    <>\n      <Hero eyebrow={t('eyebrow')}",
      "  const locale = useSelector(selectLocale);\n  if (locale) throw new Error('e2e: this canary throws on the product overview');\n  return (\n    <>\n      <Hero eyebrow={t('eyebrow')}",
    ),
  ),
  accountSlow: variant('mf-account', (dir) =>
    replaceIn(
      path.join(dir, 'src/page.tsx'),
      '    login: accountPage<LoginPageData>(LoginPage, loginLoader),',
      '    login: accountPage<LoginPageData>(LoginPage, () => new Promise<LoginPageData>(() => undefined)),',
    ),
  ),
  checkoutNextSlice: variant('mf-checkout', async (dir) => {
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
  checkoutUnconfigured: variant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'server/settings.ts'),
      "    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),",
      "    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),\n    CHECKOUT_E2E_REQUIRED_KEY: z.string().min(1),",
    ),
  ),
  checkoutHanging: variant('mf-checkout', (dir) =>
    replaceIn(
      path.join(dir, 'server/api.ts'),
      '    routes: createCheckoutRoutes(options),',
      '    routes: createCheckoutRoutes(options).map((route) => ({ ...route, handle: () => new Promise<Response>(() => undefined) })),',
    ),
  ),
  checkoutDropsColumn: variant('mf-checkout', (dir) =>
    writeFile(path.join(dir, 'server/migrations/0099_drop_order_email.sql'), 'ALTER TABLE checkout.orders DROP COLUMN email;\n'),
  ),
  campaignWithMigration: variant('mf-campaign', async (dir) => {
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
  landingText: variant(
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
  shellWithRoute: variant('shell', async (dir) => {
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

/** What one build is: an app as it is (`initial:<app>`) or a fixture variant. */
export type BuildName = VariantName | `initial:${AppName}`;

/** Every build a test site needs: the apps as they are (unless copied from `E2E_BUILT_RELEASES_DIR`) and every variant. */
export function listBuildNames(withInitial: boolean): BuildName[] {
  return [...(withInitial ? APPS.map((app) => `initial:${app}` as const) : []), ...(Object.keys(FIXTURE_VARIANTS) as VariantName[])];
}

const appOf = (name: BuildName): AppName =>
  name.startsWith('initial:') ? (name.slice('initial:'.length) as AppName) : FIXTURE_VARIANTS[name as VariantName].app;

/** The sources of one build: the app's own folders, or an altered copy in `.e2e/sources/<name>` (one per variant, so builds run side by side). */
async function prepareSources(name: BuildName): Promise<{ sourceDir: string; localesDir: string; altered: boolean }> {
  const app = appOf(name);
  if (name.startsWith('initial:')) return { sourceDir: path.join(ROOT_DIR, app), localesDir: path.join(ROOT_DIR, 'locales'), altered: false };
  const { alter, alterTexts } = FIXTURE_VARIANTS[name as VariantName];
  const sourceDir = path.join(E2E_DIR, 'sources', name);
  await rm(sourceDir, { recursive: true, force: true });
  await cp(path.join(ROOT_DIR, app), sourceDir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  await alter(sourceDir);
  // docs/i18n.md "Texts ship with their squad": a variant's words come from its own copy of `locales/`.
  if (!alterTexts) return { sourceDir, localesDir: path.join(ROOT_DIR, 'locales'), altered: true };
  const localesDir = path.join(E2E_DIR, 'sources', `${name}-locales`);
  await rm(localesDir, { recursive: true, force: true });
  await cp(path.join(ROOT_DIR, 'locales'), localesDir, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  await alterTexts(localesDir);
  return { sourceDir, localesDir, altered: true };
}

/** What one build gave: its version in `.e2e/builds/releases`, whether it was kept from an earlier run, its digest. */
export interface BuildOutcome {
  name: BuildName;
  app: AppName;
  version: string;
  reused: boolean;
  key?: string;
}

/** The kept build of `name` if its sources are unchanged and its files still match their hashes; else its key, if any. */
async function findKept(
  name: BuildName,
  repository: RepositorySnapshot | undefined,
  { sourceDir, localesDir }: { sourceDir: string; localesDir: string },
): Promise<BuildOutcome | { key?: string }> {
  const app = appOf(name);
  const key = await digestBuildInputs({ app, sourceDir, localesDir, repository });
  if (!key) return {};
  const kept = await readFile(path.join(KEYS_DIR, `${key}.json`), 'utf8').then(
    (text) => JSON.parse(text) as { app: string; version: string },
    () => undefined,
  );
  if (kept?.app !== app) return { key };
  if ((await findReleaseProblems(BUILT_RELEASES_DIR, app, kept.version)).length === 0) return { name, app, version: kept.version, reused: true, key };
  // A kept build whose files changed on disk is made again: the build would otherwise find its folder and keep it.
  await rm(toReleaseDir(BUILT_RELEASES_DIR, app, kept.version), { recursive: true, force: true });
  return { key };
}

/** Makes one build in this process (the kept one when there is one) and keeps it under its key. */
export async function buildOne(name: BuildName): Promise<BuildOutcome> {
  const sources = await prepareSources(name);
  const found = await findKept(name, await readRepository(ROOT_DIR), sources);
  if ('version' in found) return found;
  const app = appOf(name);
  const { sourceDir, localesDir, altered } = sources;
  const { buildApp } = await import('../platform/src/release/build-app.ts');
  const { version } = await buildApp(ROOT_DIR, BUILT_RELEASES_DIR, app, altered ? { sourceDir, localesDir } : {});
  if (found.key) {
    await mkdir(KEYS_DIR, { recursive: true });
    await writeFile(path.join(KEYS_DIR, `${found.key}.json`), JSON.stringify({ app, version, name }));
  }
  return { name, app, version, reused: false, key: found.key };
}

/** Runs `buildOne` in a process of its own (e2e/build-versions.ts `--one`); its last output line is the outcome. */
function buildInProcess(name: BuildName): Promise<BuildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['e2e/build-versions.ts', '--one', name], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) return reject(new Error(`the build of ${name} failed (exit ${code}):\n${output}`));
      process.stdout.write(output.slice(0, output.lastIndexOf(last)));
      resolve(JSON.parse(last) as BuildOutcome);
    });
  });
}

/**
 * Makes every build named that is not kept, `BUILD_CONCURRENCY` at a time, then forgets kept builds no name uses any more (each change
 * of the sources would otherwise leave a dozen behind).
 */
export async function buildVersions(names: readonly BuildName[]): Promise<Map<BuildName, BuildOutcome>> {
  const outcomes = new Map<BuildName, BuildOutcome>();
  const repository = await readRepository(ROOT_DIR);
  const queue: BuildName[] = [];
  for (const name of names) {
    const found = await findKept(name, repository, await prepareSources(name));
    if ('version' in found) outcomes.set(name, found);
    else queue.push(name);
  }
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) outcomes.set(name, await buildInProcess(name));
  };
  await Promise.all(Array.from({ length: Math.min(BUILD_CONCURRENCY, queue.length) }, worker));
  await forgetUnused([...outcomes.values()]);
  return outcomes;
}

async function forgetUnused(used: BuildOutcome[]): Promise<void> {
  const keys = new Set(used.map((outcome) => (outcome.key ? `${outcome.key}.json` : '')));
  for (const file of await readdir(KEYS_DIR).catch(() => [])) if (!keys.has(file)) await rm(path.join(KEYS_DIR, file), { force: true });
  for (const app of APPS) {
    const versions = new Set(used.filter((outcome) => outcome.app === app).map((outcome) => outcome.version));
    for (const version of await readdir(path.join(BUILT_RELEASES_DIR, app)).catch(() => [])) {
      if (!versions.has(version)) await rm(toReleaseDir(BUILT_RELEASES_DIR, app, version), { recursive: true, force: true });
    }
  }
}

/** Copies a build into a releases folder (the test site's) after its hashes are checked; resolves to its version. */
export async function copyBuild(outcome: BuildOutcome, releasesDir: string): Promise<string> {
  const problems = await findReleaseProblems(BUILT_RELEASES_DIR, outcome.app, outcome.version);
  if (problems.length > 0) throw new Error(`the build of ${outcome.name} changed on disk: ${problems.join('; ')}`);
  await cp(toReleaseDir(BUILT_RELEASES_DIR, outcome.app, outcome.version), toReleaseDir(releasesDir, outcome.app, outcome.version), {
    recursive: true,
  });
  return outcome.version;
}
