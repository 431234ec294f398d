import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { BEST_QUALITY, USUAL_QUALITY, VIDEO_QUALITIES } from './fact-values.ts';
import { fillFactPlaceholders, findFactConflicts, readFactValue, SERVICE_FACTS } from './product-facts.ts';
import { createI18n, fixedTranslate } from './i18n.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');
const ARTICLES = path.join(ROOT, 'mf-blog', 'content', 'articles');
const LOCALES_DIR = path.join(ROOT, 'locales');

/** Every string leaf of a translation file, with its key path. */
function listTexts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => listTexts(value, prefix ? `${prefix}.${key}` : key));
}

describe('findFactConflicts', () => {
  it.each([
    ['a quality from the sheet', 'Save Netflix in up to {{facts.quality.netflix}}.', undefined, []],
    ['a quality written out', 'Save Netflix in up to 4K.', undefined, [{ found: '4K', reason: 'literal_quality' }]],
    ['in Japanese, with no spaces', '最大1080pで保存', undefined, [{ found: '1080p', reason: 'literal_quality' }]],
    ['the formats the app saves', 'Choose MP4 or MKV.', undefined, []],
    ['a format it does not save', 'Saved as an AVI file.', undefined, [{ found: 'AVI', reason: 'unknown_format' }]],
    ['a fact the sheet lacks', 'Up to {{facts.quality.nowhere}}.', undefined, [{ found: '{{facts.quality.nowhere}}', reason: 'unknown_fact' }]],
    [
      'another service in a Netflix guide',
      'Up to {{facts.quality.disney-plus}}.',
      'netflix',
      [{ found: '{{facts.quality.disney-plus}}', reason: 'other_service' }],
    ],
    ['the usual quality in a Netflix guide', 'Up to {{facts.usual_quality}}, {{facts.best_quality}} on some services.', 'netflix', []],
    ['a placeholder is not a literal', '{{facts.best_quality}}', undefined, []],
  ])('%s', (_name, text, service, expected) => expect(findFactConflicts(text, service)).toEqual(expected));
});

describe('the fact sheet', () => {
  const qualities = Object.values(SERVICE_FACTS).map((facts) => facts.maxQuality);
  const counts = VIDEO_QUALITIES.map((quality) => qualities.filter((value) => value === quality).length);

  it('"up to {{facts.usual_quality}}" is what most services give, "{{facts.best_quality}}" the best any gives', () => {
    expect(USUAL_QUALITY).toBe(VIDEO_QUALITIES[counts.indexOf(Math.max(...counts))]);
    expect(BEST_QUALITY).toBe(VIDEO_QUALITIES.filter((quality) => qualities.includes(quality)).at(-1));
  });

  it('fills its placeholders and refuses an unknown one', () => {
    expect(fillFactPlaceholders('{{facts.quality.netflix}} / {{facts.best_quality}}', 'test')).toBe(
      `${SERVICE_FACTS.netflix!.maxQuality} / ${BEST_QUALITY}`,
    );
    expect(() => fillFactPlaceholders('{{facts.quality.nowhere}}', 'guide.md')).toThrow('guide.md: unknown product fact {{facts.quality.nowhere}}');
    expect(readFactValue('quality.netflix.extra')).toBeUndefined();
  });

  it("every translation names the sheet's qualities without its caller passing them", () => {
    const t = fixedTranslate(createI18n('en', { home: { q: 'Up to {{facts.usual_quality}}, {{facts.best_quality}} where offered' } }), 'home');
    expect(t('q')).toBe(`Up to ${USUAL_QUALITY}, ${BEST_QUALITY} where offered`);
  });
});

describe('no page or guide states a quality or a format the fact sheet does not back', () => {
  const locales = readdirSync(LOCALES_DIR).filter((name) => !name.includes('.'));
  const translationFiles = locales.flatMap((locale) =>
    readdirSync(path.join(LOCALES_DIR, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(locale, file)),
  );
  it.each(translationFiles)('locales/%s', (file) => {
    const texts = listTexts(JSON.parse(readFileSync(path.join(LOCALES_DIR, file), 'utf8')));
    expect(texts.flatMap(([key, text]) => findFactConflicts(text).map((conflict) => ({ key, ...conflict })))).toEqual([]);
  });

  const guides = readdirSync(ARTICLES).flatMap((locale) => readdirSync(path.join(ARTICLES, locale)).map((file) => path.join(locale, file)));
  it.each(guides)('mf-blog/content/articles/%s', (file) => {
    const text = readFileSync(path.join(ARTICLES, file), 'utf8');
    const meta = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as { service?: string };
    expect(findFactConflicts(text, meta.service)).toEqual([]);
  });

  it('the Netflix landing page and the Netflix guide say the same best quality', () => {
    const netflix = SERVICE_FACTS.netflix!.maxQuality;
    for (const locale of readdirSync(ARTICLES)) {
      const guide = path.join(ARTICLES, locale, 'how-to-download-netflix-videos.md');
      const text = readFileSync(guide, 'utf8');
      expect(fillFactPlaceholders(text, guide)).toContain(netflix);
      expect(fillFactPlaceholders(text, guide)).not.toMatch(new RegExp(VIDEO_QUALITIES.filter((quality) => quality !== netflix).join('|')));
    }
  });
});
