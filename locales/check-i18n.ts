/**
 * `npm run check:i18n`: every locale has every key of English, no key is unused, and no translation is
 * a copy of the English text (brand names excepted). Exits 1 with the list of problems.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '@reelkeep/shared-contracts';
import { collectKeyUsage, findTranslationProblems, type Dictionary } from './i18n-check.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = [
  'shell/src',
  'shell/api',
  'shell/server/console',
  'mf-landing/src',
  'mf-landing/server',
  'mf-checkout/src',
  'mf-checkout/server',
  'mf-account/src',
  'mf-account/server',
  'mf-blog/src',
  'mf-campaign/src',
  'mf-campaign/server',
  'shared-contracts/src',
];

async function readSources(): Promise<string[]> {
  const sources: string[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(path.join(ROOT_DIR, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        sources.push(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
      }
    }
  }
  return sources;
}

const byLocale = new Map<string, Map<string, Dictionary>>();
for (const locale of LOCALES) {
  const dictionaries = new Map<string, Dictionary>();
  const dir = path.join(import.meta.dirname, locale);
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith('.json'))) {
    dictionaries.set(file.replace(/\.json$/, ''), JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Dictionary);
  }
  byLocale.set(locale, dictionaries);
}

const usage = collectKeyUsage(await readSources(), [...byLocale.get(DEFAULT_LOCALE)!.values()]);
const problems = findTranslationProblems(byLocale, DEFAULT_LOCALE, usage);
if (problems.length > 0) {
  console.error(`check:i18n found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check:i18n: ${byLocale.get(DEFAULT_LOCALE)!.size} namespaces complete in ${LOCALES.length} locales`);
