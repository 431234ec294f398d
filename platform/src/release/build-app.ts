import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { rspack, type MultiStats } from '@rspack/core';
import { CONTRACT_VERSION, SQUAD_OF_APP } from '@reelkeep/shared-contracts';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import { createAppConfigs, type AppBuildOptions } from '../../../rspack.base.ts';
import { findUnlistedSharedExports, readTreeShakenExports } from '../../../rspack/shared-singletons.ts';
import { hashFile, listFiles, RELEASE_MANIFEST_FILE, toReleaseDir } from './releases.ts';
import { inspectApiModule } from './api-inspection.ts';
import { API_MODULE_FILE, RELEASE_MIGRATIONS_DIR } from '../squad-api-host.ts';
import { listStartScripts, listStartStyles } from './start-scripts.ts';
import { packNamespaces } from './release-locales.ts';

/** The apps of the system, each a folder at the repository root with an `rspack.config.ts`. */
export const APPS = ['shell', 'mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign'] as const;
/** One app. */
export type AppName = (typeof APPS)[number];

/** The file the host's browser build lists its entry files in. */
export const ENTRY_ASSETS_FILE = 'entry-assets.json';

/** Tells whether a string names an app. */
export function isAppName(value: string): value is AppName {
  return (APPS as readonly string[]).includes(value);
}

function runCompiler(configs: ReturnType<typeof createAppConfigs>): Promise<MultiStats> {
  return new Promise((resolve, reject) => {
    rspack(configs).run((error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString({ all: false, errors: true }) ?? 'build failed'));
      resolve(stats);
    });
  });
}

/** Text files a browser downloads; they get `.br` and `.gz` twins so the server never compresses them per request. */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

async function precompressBrowserFiles(dir: string): Promise<void> {
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = await readFile(path.join(dir, file));
    await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(path.join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
  }
}

/** The result of one build. */
export interface BuildResult {
  app: AppName;
  version: string;
  dir: string;
  /** Whether an identical build was already on disk. */
  reused: boolean;
  durationMs: number;
}

/**
 * Builds one app (browser and server containers, API, migrations, copied files and its translation namespaces) into `<releasesDir>/<app>/<version>`, where the version is
 * the package version plus a hash of the output, and records every file's sha256 in `release.json`.
 * Nothing else changes: going live is a separate `release:promote`.
 */
export async function buildApp(
  root: string,
  releasesDir: string,
  app: AppName,
  options: { sourceDir?: string; localesDir?: string } = {},
): Promise<BuildResult> {
  const started = performance.now();
  const appDir = options.sourceDir ?? path.join(root, app);
  const { BUILD } = (await import(path.join(appDir, 'rspack.config.ts'))) as { BUILD: Omit<AppBuildOptions, 'appDir' | 'outDir'> };
  const packageJson = JSON.parse(await readFile(path.join(appDir, 'package.json'), 'utf8')) as { version: string };
  const staging = path.join(releasesDir, '.staging', `${app}-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    const stats = await runCompiler(
      createAppConfigs({
        ...BUILD,
        appDir,
        outDir: staging,
        define: { __APP_VERSION__: packageJson.version, __CONTRACT_VERSION__: CONTRACT_VERSION },
      }),
    );
    // docs/adr/0002-builds-and-sharing.md, issue 23 amendment: the shell's copy of a tree-shaken singleton keeps only the listed exports.
    const manifestStats = JSON.parse(await readFile(path.join(staging, 'browser', 'mf-manifest-stats.json'), 'utf8')) as Parameters<
      typeof findUnlistedSharedExports
    >[0];
    const unlisted = findUnlistedSharedExports(manifestStats, await readTreeShakenExports());
    if (unlisted.length > 0)
      throw new Error(
        `${app} imports exports of tree-shaken shared libraries that SHARED_USED_EXPORTS in rspack/shared-singletons.ts does not list (${unlisted.join(', ')}); add them there and rebuild the shell and every remote`,
      );
    if (BUILD.kind === 'host') {
      const browserStats = stats.stats[0]!.toJson({ all: false, entrypoints: true, assets: true, chunks: true, chunkRelations: true, ids: true });
      const scripts = (browserStats.entrypoints?.main?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
      // The frame's stylesheets live in the async bootstrap chunk, which the document links up front; a dialog's stylesheet comes with its chunk.
      const chunks = browserStats.chunks ?? [];
      const entryAssets = { scripts, styles: listStartStyles(chunks), startScripts: listStartScripts(chunks) };
      await writeFile(path.join(staging, 'browser', ENTRY_ASSETS_FILE), JSON.stringify(entryAssets));
    }
    await precompressBrowserFiles(path.join(staging, 'browser'));
    for (const [from, to] of Object.entries(BUILD.copy ?? {})) await cp(path.join(appDir, from), path.join(staging, to), { recursive: true });
    // docs/i18n.md "Texts ship with their squad": the app's namespaces, from the top-level `locales/`.
    await packNamespaces(options.localesDir ?? path.join(root, 'locales'), staging, app);
    // The API module is checked as promotion will check it, and what it declares is recorded.
    let api: ReleaseManifest['api'];
    if (BUILD.apiEntry) {
      const inspection = await inspectApiModule(path.join(staging, API_MODULE_FILE), SQUAD_OF_APP[app]);
      if (!inspection.ok) throw new Error(`${app}: ${inspection.problem}`);
      api = inspection.api;
    }
    const migrations = (await readdir(path.join(staging, RELEASE_MIGRATIONS_DIR)).catch(() => [])).filter((file) => file.endsWith('.sql')).sort();
    const files: Record<string, string> = {};
    for (const file of await listFiles(staging)) files[file] = await hashFile(path.join(staging, file));
    const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
    const version = `${packageJson.version}-${digest}`;
    const dir = toReleaseDir(releasesDir, app, version);
    const durationMs = Math.round(performance.now() - started);
    if (
      await stat(dir).then(
        () => true,
        () => false,
      )
    )
      return { app, version, dir, reused: true, durationMs };
    const manifest: ReleaseManifest = {
      app,
      version,
      contractVersion: CONTRACT_VERSION,
      builtAt: new Date().toISOString(),
      files,
      migrations,
      ...(api ? { api } : {}),
    };
    await writeFile(path.join(staging, RELEASE_MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(dir), { recursive: true });
    await rename(staging, dir);
    return { app, version, dir, reused: false, durationMs };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
