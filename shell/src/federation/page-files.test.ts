import { describe, expect, it } from '@jest/globals';
import { listPageFiles } from './page-files.ts';

const manifest = (page: unknown) => ({ name: 'mf_checkout', exposes: [{ name: 'other', assets: { js: { sync: ['other.js'] } } }, page] });

describe('listPageFiles', () => {
  it("lists the page module's chunks and styles needed at once, not the ones it loads later", () => {
    const page = {
      name: 'page',
      assets: {
        js: { sync: ['182.712a96a982.js', '__federation_expose_page.9a3915463e.js'], async: ['610.1944f05aad.js'] },
        css: { sync: ['__federation_expose_page.11c19e137d.css'], async: [] },
      },
    };
    expect(listPageFiles(manifest(page))).toEqual([
      '182.712a96a982.js',
      '__federation_expose_page.9a3915463e.js',
      '__federation_expose_page.11c19e137d.css',
    ]);
  });

  it.each([
    ['no manifest', null],
    ['a string', 'mf-manifest'],
    ['no exposes', { name: 'x' }],
    ['no page module', { exposes: [{ name: 'other', assets: { js: { sync: ['a.js'] } } }] }],
    ['a page without assets', manifest({ name: 'page' })],
    ['assets of the wrong shape', manifest({ name: 'page', assets: { js: { sync: 'a.js' }, css: [] } })],
  ])('lists nothing for %s', (_name, value) => {
    expect(listPageFiles(value)).toEqual([]);
  });

  it('keeps only plain file names: no paths, no other origins, nothing but scripts and styles', () => {
    const page = { name: 'page', assets: { js: { sync: ['a.js', '../b.js', 'https://evil.test/c.js', 'd.json', 7] }, css: { sync: ['e.css'] } } };
    expect(listPageFiles(manifest(page))).toEqual(['a.js', 'e.css']);
  });
});
