import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Logger } from '@reelkeep/platform/logger';
import type { NamespaceSource } from '@reelkeep/platform/locale-store';
import { toReleaseLocaleFile } from '@reelkeep/platform/release-locales';
import { DEFAULT_LOCALE, findNamespaceOwner } from '@reelkeep/shared-contracts';
import { listLiveVersions, type ReleaseSnapshot } from './release-snapshot.ts';
import { LOCALES_TAG, toReleaseTag } from '../page-cache/page-cache-tags.ts';

/** What the texts need of the release watcher: the live snapshot and the hashes recorded at build. */
export interface ReleaseTextsInput {
  current: () => Pick<ReleaseSnapshot, 'shell' | 'remotes' | 'dirs'>;
  readRecordedHash: (app: string, version: string, file: string) => Promise<string | undefined>;
  logger: Logger;
}

/**
 * docs/i18n.md "Texts ship with their squad": a namespace is read from the live release of the app that owns it,
 * each file only while its bytes match the sha256 its build recorded (a changed file is refused and logged once,
 * and reads as missing: English, then the key). A namespace no release carries, or a live release built before
 * releases carried texts, is read from the source folder (undefined here).
 */
export function createReleaseTextSource(input: ReleaseTextsInput): (namespace: string) => Promise<NamespaceSource | undefined> {
  const refused = new Set<string>();
  return async (namespace) => {
    const app = findNamespaceOwner(namespace);
    if (!app) return undefined;
    const snapshot = input.current();
    const version = listLiveVersions(snapshot)[app];
    const dir = snapshot.dirs[app];
    if (!version || !dir) return undefined;
    if (!(await input.readRecordedHash(app, version, toReleaseLocaleFile(DEFAULT_LOCALE, namespace)))) return undefined;
    return {
      id: `${app}@${version}`,
      async read(locale, name) {
        const file = toReleaseLocaleFile(locale, name);
        const recorded = await input.readRecordedHash(app, version, file);
        if (!recorded) return null;
        const bytes = await readFile(path.join(dir, file)).catch(() => null);
        if (bytes && createHash('sha256').update(bytes).digest('hex') === recorded) return bytes.toString('utf8');
        const id = `${app}@${version}/${file}`;
        if (!refused.has(id)) {
          refused.add(id);
          input.logger.error('release file refused: not recorded by its build, or changed since', { file: id });
        }
        return null;
      },
    };
  };
}

/**
 * The edge tags of a `/locales/…` answer: `locales` and the live version of the namespace's owner, so the switch
 * that purges that app's pages purges its texts too (docs/operations.md "Page cache").
 */
export function findDictionaryTags(namespace: string, live: Partial<Record<string, string>>): string[] {
  const app = findNamespaceOwner(namespace);
  const version = app ? live[app] : undefined;
  return app && version ? [LOCALES_TAG, toReleaseTag(app, version)] : [LOCALES_TAG];
}

/**
 * Sends a dictionary: the edge keeps it for 5 minutes or until its owner switches (tagged); a browser asks again
 * each time with its ETag and gets a 304 while the text is the same, so a rolled back text is never kept stale.
 */
export function sendDictionary(req: IncomingMessage, res: ServerResponse, dictionary: unknown, method: string, tags: readonly string[]): void {
  const body = JSON.stringify(dictionary);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', DICTIONARY_CACHE_CONTROL);
  res.setHeader('etag', etag);
  res.setHeader('surrogate-key', tags.join(' '));
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    return void res.end();
  }
  res.statusCode = 200;
  res.end(method === 'HEAD' ? undefined : body);
}

/** docs/i18n.md "Texts ship with their squad": browsers revalidate, the edge keeps 5 minutes (purged on a switch). */
export const DICTIONARY_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, must-revalidate';
