import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '@reelkeep/shared-contracts';

/**
 * The page cache's tags (docs/operations.md "Page cache"): what an entry names (releases, data, its path, its key),
 * so that a release switch, a data change or a purge by URL drops exactly the entries it concerns.
 */

/** The apps whose versions a page can name: the shell and the remotes. */
export const RELEASE_APPS: readonly string[] = ['shell', ...REMOTE_NAMES];

/** Tag of every entry that holds translations or the frame's data: clearing it empties the cache of them. */
export const LOCALES_TAG = 'locales';

/** The tag of a page an operator set with its build time (`POST /admin/cache/set?ts=`): clearing that version drops it. */
export function toBuildTag(ts: string): string {
  return `build@${ts}`;
}

/** The tag naming one entry's key, which its copies on the edges carry too: deleting the key purges them. */
export function toKeyTag(key: string): string {
  return `key:${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/**
 * The tag of every entry of one page path (`/fr/netflix-downloader`), whatever its query and variant, page and data
 * alike: the console purges a URL by it, here and on the edges (docs/console.md "Page cache").
 */
export function toPathTag(pagePath: string): string {
  return `path:${createHash('sha256').update(pagePath).digest('hex').slice(0, 24)}`;
}

/** The tag of one version of an app (`mf-landing@0.1.0-33cb254a65`). */
export function toReleaseTag(app: string, version: string): string {
  return `${app}@${version}`;
}

const NAMED_RELEASE = /\/static\/(shell|mf-[a-z]+)\/([0-9A-Za-z.+-]+)\//g;

/** Every release a page's HTML names (its browser containers, `/static/<app>/<version>/…`), as tags. */
export function listNamedReleases(html: string): string[] {
  const tags = new Set<string>();
  for (const match of html.matchAll(NAMED_RELEASE)) if (RELEASE_APPS.includes(match[1]!)) tags.add(toReleaseTag(match[1]!, match[2]!));
  return [...tags].sort();
}

/**
 * An entry's tags: the versions it was rendered with or names (the shell, the route's remote, for a page
 * also every container its HTML names and the apps behind the frame's data) and `locales`.
 */
export function tagEntry(input: {
  kind: 'document' | 'data';
  body: string;
  remote: RemoteName;
  /** The remotes behind the frame's data, as the shell release names them (its bundle's `frameDataApps`). */
  frameDataApps: readonly RemoteName[];
  versions: Readonly<Partial<Record<string, string>>>;
  /** Tags the API answers the render read named (`x-cache-tags`, e.g. `campaigns`): a change of that data drops the entry. */
  dataTags?: readonly string[];
  /** The page's path (a client navigation's too): its entries are purged together by URL. */
  pagePath?: string;
}): string[] {
  const tags = new Set<string>([LOCALES_TAG, ...(input.dataTags ?? [])]);
  if (input.pagePath) tags.add(toPathTag(input.pagePath));
  const add = (app: string) => {
    const version = input.versions[app];
    if (version) tags.add(toReleaseTag(app, version));
  };
  add('shell');
  add(input.remote);
  if (input.kind === 'document') {
    for (const app of input.frameDataApps) add(app);
    for (const tag of listNamedReleases(input.body)) tags.add(tag);
  }
  return [...tags].sort();
}

/**
 * Whether every release an entry's tags name is the version of that app in `versions` (the live one, or
 * the pinned one of a client navigation): an entry never outlives a switch of what it names.
 */
export function namesOnlyLiveReleases(tags: readonly string[], versions: Readonly<Partial<Record<string, string>>>): boolean {
  return tags.every((tag) => {
    const at = tag.lastIndexOf('@');
    const app = tag.slice(0, at);
    return at < 1 || !RELEASE_APPS.includes(app) || versions[app] === tag.slice(at + 1);
  });
}
