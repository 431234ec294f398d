import path from 'node:path';
import { APP_OF_SQUAD, isLocale, PUSH_SERVICE_WORKER_PATH, SQUADS, type SquadName } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { NAMESPACE_PATTERN, type LocaleStore } from '@reelkeep/platform/locale-store';
import { sendJson } from './json-response.ts';
import { sendFile, STATIC_PATH, type SendFileOptions } from './static-files.ts';
import { isReadMethod, type HostRoute } from './host-route.ts';
import { listLiveVersions } from '../releases/release-snapshot.ts';
import { findDictionaryTags, sendDictionary } from '../releases/release-texts.ts';

const PUBLIC_DIR = path.join(import.meta.dirname, '..', 'public');
/** The host's own public files, the same for every release. */
const PUBLIC_FILES = new Set(['/favicon.ico', '/og-image.png']);
/** The push service worker in the shell release's `worker/` folder (shell/rspack.config.ts). */
const SERVICE_WORKER_FILE = 'webpush-sw.js';
/** The worker fetches only the site's own API (its reports); it loads no other script, style or frame. */
const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; script-src 'self'";
const ASSET_PATH = /^\/assets\/([a-z]+)\/([0-9A-Za-z._-]+)$/;
const LOCALE_PATH = /^\/locales\/([a-z]{2})\/([a-z0-9_]+)\.json$/;

/**
 * The file routes of the host's table: release files (`/static/<app>/<version>/…`), the push service worker, a
 * squad's public assets, the locale dictionaries and the host's own public files. Each release file is served
 * only while its bytes match the hash recorded at build (docs/releases.md "Loading").
 */
export function createFileRoutes(deps: {
  releasesDir: string;
  readRecordedHash: (app: string, version: string, file: string) => Promise<string | undefined>;
  locales: Pick<LocaleStore, 'load'>;
  logger: Logger;
}): HostRoute[] {
  const refusedFiles = new Set<string>();
  const verifyAgainst = (app: string, version: string, folder: string): Pick<SendFileOptions, 'readRecordedHash' | 'onMismatch'> => ({
    readRecordedHash: (relative) => deps.readRecordedHash(app, version, `${folder}/${relative}`),
    onMismatch: (relative) => {
      const file = `${app}@${version}/${folder}/${relative}`;
      if (refusedFiles.has(file)) return;
      refusedFiles.add(file);
      deps.logger.error('release file refused: not recorded by its build, or changed since', { file: file.slice(0, 300) });
    },
  });
  const notFound: HostRoute['answer'] = async ({ res }) => {
    sendJson(res, 404, { error: 'not found' });
    return true;
  };

  return [
    {
      name: 'release files',
      answer: async (request) => {
        const match = STATIC_PATH.exec(request.url.pathname);
        if (!match || !isReadMethod(request.method)) return false;
        const [, app, version, file] = match;
        const root = path.join(deps.releasesDir, app!, version!, 'browser');
        const options = { acceptEncoding: request.req.headers['accept-encoding'], ...verifyAgainst(app!, version!, 'browser') };
        return (await sendFile(request.res, root, file!, request.method, options)) || notFound(request);
      },
    },
    {
      name: 'push service worker',
      answer: async (request) => {
        if (request.url.pathname !== PUSH_SERVICE_WORKER_PATH || !isReadMethod(request.method)) return false;
        // docs/push.md "The service worker": its own CSP (it runs no page), revalidated on every registration
        // check, never in the page cache; no Service-Worker-Allowed, so its scope can never grow past /webpush/.
        request.res.setHeader('content-security-policy', SERVICE_WORKER_CSP);
        const shellDir = request.snapshot.dirs.shell;
        const shellVersion = request.snapshot.shell?.version;
        if (!shellDir || !shellVersion) return notFound(request);
        const options = { cacheControl: 'no-cache', ...verifyAgainst('shell', shellVersion, 'worker') };
        return (await sendFile(request.res, path.join(shellDir, 'worker'), SERVICE_WORKER_FILE, request.method, options)) || notFound(request);
      },
    },
    {
      // A squad's public files ship with its release: the live one's `public/` answers.
      name: 'squad assets',
      answer: async (request) => {
        const match = ASSET_PATH.exec(request.url.pathname);
        const squad = match && (SQUADS as readonly string[]).includes(match[1]!) ? (match[1] as SquadName) : undefined;
        if (!squad || !isReadMethod(request.method)) return false;
        const app = APP_OF_SQUAD[squad];
        const releaseDir = request.snapshot.dirs[app];
        const version = listLiveVersions(request.snapshot)[app];
        if (!releaseDir || !version) return false;
        const options = { cacheControl: 'public, max-age=86400', ...verifyAgainst(app, version, 'public') };
        return (await sendFile(request.res, path.join(releaseDir, 'public'), match![2]!, request.method, options)) || notFound(request);
      },
    },
    {
      name: 'locale dictionaries',
      answer: async (request) => {
        const match = LOCALE_PATH.exec(request.url.pathname);
        if (!match || !isReadMethod(request.method)) return false;
        const [, locale, namespace] = match;
        const dictionary = isLocale(locale!) && NAMESPACE_PATTERN.test(namespace!) ? await deps.locales.load(locale, namespace!) : null;
        if (!dictionary) return notFound(request);
        // docs/i18n.md "Texts ship with their squad": the same for every visitor; the edge keeps it until the owner's release switches.
        const tags = findDictionaryTags(namespace!, listLiveVersions(request.snapshot));
        await sendDictionary(request.req, request.res, dictionary, request.method, tags);
        return true;
      },
    },
    {
      name: 'public files',
      answer: async ({ res, url, method }) =>
        PUBLIC_FILES.has(url.pathname) && sendFile(res, PUBLIC_DIR, url.pathname.slice(1), method, { cacheControl: 'public, max-age=86400' }),
    },
  ];
}
