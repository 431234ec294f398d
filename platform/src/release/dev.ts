/**
 * `npm run dev -- <app>` (docs/releasing.md "How a squad builds and releases its remote"): runs the site with one app
 * built from source, its browser container, server container and API, against the other apps' live
 * releases. Every change under the app (or shared-contracts, or locales) rebuilds it into a new version, which this
 * server alone treats as live (the shared registry is not touched); the browser gets it on the next load.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { APPS, buildApp, isAppName } from './build-app.ts';
import { createRegistryStore } from './registry.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const REBUILD_DELAY_MS = 300;

const app = process.argv[2];
if (!app || !isAppName(app)) {
  console.error(`usage: npm run dev -- <app>   (one of ${APPS.join(', ')})`);
  process.exit(2);
}
const config = loadConfig();
const overridesFile = path.join(ROOT_DIR, '.data', 'dev', 'overrides.json');
await mkdir(path.dirname(overridesFile), { recursive: true });

// The other apps come from the live releases; a fresh clone has none yet, so they are built first.
const registry = createRegistryStore({ releasesDir: config.RELEASES_DIR });
const live = (await registry.read()).apps;
await registry.close();
if (!config.DATABASE_URL && APPS.some((other) => !live[other])) {
  console.log('no live release of every app yet: building and promoting them first');
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['platform/src/release/cli.ts', 'build', '--promote'], { cwd: ROOT_DIR, stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build exited ${code}`)),
    ),
  );
}

async function rebuild(): Promise<void> {
  try {
    const result = await buildApp(ROOT_DIR, config.RELEASES_DIR, app as (typeof APPS)[number]);
    await writeFile(overridesFile, JSON.stringify({ [app as string]: result.version }));
    console.log(`${app}@${result.version} ${result.reused ? 'unchanged' : 'built'} in ${result.durationMs} ms: live for this server`);
  } catch (error) {
    console.error(`${app} did not build; the previous version stays live:\n${(error as Error).message}`);
  }
}

await rebuild();
const server = spawn(process.execPath, ['shell/server/main.ts'], {
  cwd: ROOT_DIR,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', DEV_OVERRIDES_FILE: overridesFile, REGISTRY_POLL_MS: process.env.REGISTRY_POLL_MS ?? '300' },
});

let timer: ReturnType<typeof setTimeout> | undefined;
let building: Promise<void> = Promise.resolve();
const schedule = (file: string | null) => {
  if (file && (file.includes('node_modules') || /(^|\/)\./.test(file))) return;
  clearTimeout(timer);
  timer = setTimeout(() => (building = building.then(rebuild)), REBUILD_DELAY_MS);
};
const watchers = [
  watch(path.join(ROOT_DIR, app), { recursive: true }, (_event, file) => schedule(file)),
  watch(path.join(ROOT_DIR, 'shared-contracts', 'src'), { recursive: true }, (_event, file) => schedule(file)),
  // docs/i18n.md "Texts ship with their squad": a text of the app's namespaces is part of its release.
  watch(path.join(ROOT_DIR, 'locales'), { recursive: true }, (_event, file) => schedule(file)),
];

const stop = () => {
  for (const watcher of watchers) watcher.close();
  server.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
