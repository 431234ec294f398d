import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createInstance } from 'i18next';
import { TEXT_FACTS } from './fact-values.ts';
import { LOCALES } from './locales.ts';
import { createTranslator, interpolate, listCandidateKeys, type NamespaceResources } from './translator.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

function readLocale(locale: string): NamespaceResources {
  const files = readdirSync(path.join(LOCALES_DIR, locale)).filter((file) => file.endsWith('.json'));
  return Object.fromEntries(
    files.map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, unknown>,
    ]),
  );
}

/** i18next configured as the site used it before the in-house translator, to compare against. */
function createReferenceI18next(locale: string, resources: NamespaceResources) {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    initAsync: false,
    // docs/content.md "Product facts": i18next's own way to give every text the sheet's qualities.
    interpolation: { escapeValue: false, defaultVariables: { facts: TEXT_FACTS } },
    returnNull: false,
  });
  return instance;
}

function listLeaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => listLeaves(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1.5, 1_000_000];

/** One disagreement between the translator and i18next: where, with which options, and both texts. */
interface Mismatch {
  namespace: string;
  key: string;
  options: Record<string, unknown>;
  ours: string;
  i18next: string;
}

// Every key is compared without options, with its placeholders, with one missing and with a count; only keys that
// have plural forms go through every plural count (the counts cannot change the text of any other key). Texts are
// compared as strings and disagreements collected, so the 8 locales cost seconds, not one matcher call per text.
describe('translator against i18next, over every text of every locale', () => {
  it.each(LOCALES)('%s: every key, with and without its placeholders, every plural count of a plural key', (locale) => {
    const resources = readLocale(locale);
    const reference = createReferenceI18next(locale, resources);
    const translator = createTranslator(locale, resources);
    const mismatches: Mismatch[] = [];
    let compared = 0;
    for (const [namespace, texts] of Object.entries(resources)) {
      const referenceT = reference.getFixedT(locale, namespace);
      const t = translator.getFixedT(namespace);
      const leavesByKey = new Map<string, [string, string][]>();
      for (const leaf of listLeaves(texts)) {
        const key = leaf[0].replace(PLURAL_SUFFIX, '');
        leavesByKey.set(key, [...(leavesByKey.get(key) ?? []), leaf]);
      }
      for (const [key, leaves] of leavesByKey) {
        // The product facts are never passed by a caller: both translators fill them themselves.
        const placeholders = leaves
          .flatMap(([, text]) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim()))
          .filter((name) => !name.startsWith('facts.'));
        const values = Object.fromEntries(placeholders.map((name, index) => [name, index % 2 ? `<b>${name}</b>` : index * 7]));
        const hasPluralForms = leaves.some(([leafKey]) => leafKey !== key);
        const optionSets: Record<string, unknown>[] = [{}, values, { ...values, [placeholders[0] ?? 'unused']: undefined }];
        for (const count of hasPluralForms ? COUNTS : [2]) optionSets.push({ ...values, count });
        for (const options of optionSets) {
          const [ours, expected] = [t(key, options), referenceT(key, options)];
          if (ours !== expected) mismatches.push({ namespace, key, options, ours, i18next: expected });
          compared++;
        }
        const [ours, expected] = [translator.t(`${namespace}:${key}`, values), reference.t(`${namespace}:${key}`, values)];
        if (ours !== expected) mismatches.push({ namespace: '(default)', key: `${namespace}:${key}`, options: values, ours, i18next: expected });
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('translator rules i18next shares, on texts the locale files do not have yet', () => {
  const resources = {
    common: {
      files: { zero: 'no files', files_one: '{{count}} file', files_other: '{{count}} files' },
      files_zero: 'no files at all',
      files_one: 'one file',
      files_many: 'many files ({{count}})',
      files_other: '{{count}} files',
      greeting: 'Hello',
      greeting_formal: 'Good day, {{name}}',
      greeting_formal_one: 'Good day to you, {{name}}',
      greeting_formal_other: 'Good day to you all',
      empty: '',
      nothing: null,
      group: { title: 'Title' },
      'v2.1': { notes: 'Dotted key' },
      placeholders: 'A {{missing}}, a {{- raw}}, a {{nested.value}}',
    },
    other: { title: 'Other title' },
  };
  const cases: [string, string, string, Record<string, unknown>][] = [
    ['fr', 'files', 'many files (1000000)', { count: 1_000_000 }],
    ['fr', 'files', 'one file', { count: 1.5 }],
    ['en', 'files', 'no files at all', { count: 0 }],
    ['en', 'files', '2 files', { count: 2 }],
    ['en', 'files', '1000000 files', { count: 1_000_000 }],
    ['ja', 'files', '1 files', { count: 1 }],
    ['en', 'greeting', 'Good day, Ada', { context: 'formal', name: 'Ada' }],
    ['en', 'greeting', 'Good day to you, Ada', { context: 'formal', count: 1, name: 'Ada' }],
    ['en', 'greeting', 'Hello', { context: 'unknown' }],
    ['en', 'empty', 'empty', {}],
    ['en', 'nothing', 'nothing', {}],
    ['en', 'group', 'group', {}],
    ['en', 'absent.key', 'absent.key', {}],
    ['en', 'absent.key', '', { defaultValue: '' }],
    ['en', 'absent.key', 'Default 1', { defaultValue: 'Default {{a}}', a: 1 }],
    ['en', 'empty', 'Default', { defaultValue: 'Default' }],
    ['en', 'group', 'Default', { defaultValue: 'Default' }],
    ['en', 'absent', 'Default', { defaultValue: 'Default', count: 2 }],
    ['en', 'v2.1.notes', 'Dotted key', {}],
    ['en', 'other:title', 'Other title', {}],
    ['en', 'missing:title', 'title', {}],
    ['en', 'placeholders', 'A {{missing}}, a <i>raw</i>, a deep', { raw: '<i>raw</i>', nested: { value: 'deep' } }],
  ];
  it.each(cases)('%s %s → %s', (locale, key, expected, options) => {
    expect(createTranslator(locale, resources).t(key, options)).toBe(expected);
    expect(createReferenceI18next(locale, resources as NamespaceResources).t(key, options)).toBe(expected);
  });
});

describe('listCandidateKeys', () => {
  it.each([
    ['en', {}, ['k']],
    ['en', { count: 1 }, ['k_one', 'k', 'k_other']],
    ['en', { count: 0 }, ['k_zero', 'k_other', 'k']],
    ['fr', { count: 1_000_000 }, ['k_many', 'k', 'k_other']],
    ['en', { context: 'male', count: 2 }, ['k_male_other', 'k_male', 'k_other', 'k']],
    ['en', { count: '2' }, ['k']],
  ])('%s %j', (locale, options, expected) => {
    expect(listCandidateKeys(locale, 'k', options)).toEqual(expected);
  });
});

describe('interpolate', () => {
  it.each([
    ['{{a}} and {{ b }}', { a: 1, b: 'two' }, '1 and two'],
    ['{{a}} stays', {}, '{{a}} stays'],
    ['{{a}} empties', { a: undefined }, ' empties'],
    ['{{a}} empties', { a: null }, ' empties'],
    ['{{a}} is not read again', { a: '{{b}}', b: 'x' }, '{{b}} is not read again'],
    ['<{{a}}>', { a: '<script>' }, '<<script>>'],
  ])('%s with %j', (template, values, expected) => {
    expect(interpolate(template, values)).toBe(expected);
  });
});

describe('createTranslator', () => {
  it('keeps one translate function per namespace and adds namespaces loaded later without replacing loaded ones', () => {
    const translator = createTranslator('en', { common: { a: 'A' } });
    expect(translator.getFixedT('page')).toBe(translator.getFixedT('page'));
    expect(translator.getFixedT()).toBe(translator.t);
    expect(translator.hasNamespace('page')).toBe(false);
    translator.addNamespaces({ page: { title: 'Page' }, common: { a: 'replaced' } });
    expect(translator.hasNamespace('page')).toBe(true);
    expect(translator.getFixedT('page')('title')).toBe('Page');
    expect(translator.t('a')).toBe('A');
  });
});
