import { cp, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, NAMESPACES_OF_APP, type TextOwner } from '@reelkeep/shared-contracts';

/** The folder of a release that holds its namespaces, `locales/<locale>/<namespace>.json` as in the source. */
export const RELEASE_LOCALES_DIR = 'locales';

/** A release's path of one namespace's file in one locale. */
export function toReleaseLocaleFile(locale: string, namespace: string): string {
  return `${RELEASE_LOCALES_DIR}/${locale}/${namespace}.json`;
}

/**
 * Copies the namespaces an app owns (docs/i18n.md "Texts ship with their squad") from the source `locales/` into
 * a release being built, every locale that has a file; their sha256 goes into `release.json` with the other files,
 * so a text change makes a new version. An owned namespace without its English file fails the build.
 */
export async function packNamespaces(localesDir: string, staging: string, app: TextOwner): Promise<string[]> {
  const packed: string[] = [];
  for (const namespace of NAMESPACES_OF_APP[app]) {
    for (const locale of LOCALES) {
      const source = path.join(localesDir, locale, `${namespace}.json`);
      const exists = await stat(source).then(
        () => true,
        () => false,
      );
      if (!exists) {
        if (locale === 'en') throw new Error(`${app}: it owns the namespace ${namespace}, but ${source} is missing`);
        continue;
      }
      const target = toReleaseLocaleFile(locale, namespace);
      await cp(source, path.join(staging, target));
      packed.push(target);
    }
  }
  return packed;
}
