import { describe, expect, it } from '@jest/globals';
import { listStartScripts, listStartStyles } from './start-scripts.ts';

describe('listStartScripts', () => {
  it("lists the scripts of the entry's child chunks: its app's import and the shared modules it provides", () => {
    const chunks = [
      { id: 889, names: ['main'], files: ['main.a0.js'], children: [121, 16, 275, 368] },
      { id: 16, names: [], files: ['16.fe.css', '16.42.js'], children: [91, 275] },
      { id: 121, names: [], files: ['121.8b.js'], children: [] },
      { id: 275, names: [], files: ['275.06.js'], children: [121, 89] },
      // A chunk without files (its modules already live in another) adds nothing.
      { id: 368, names: [], files: [], children: [] },
      { id: 89, names: [], files: ['89.19.js'] },
      { id: 91, names: [], files: ['91.ae.css', '91.f0.js'] },
    ];
    expect(listStartScripts(chunks)).toEqual(['121.8b.js', '16.42.js', '275.06.js']);
  });

  it('lists nothing without an entry chunk', () => {
    expect(listStartScripts([{ id: 1, names: ['other'], files: ['1.js'], children: [] }])).toEqual([]);
    expect(listStartScripts([])).toEqual([]);
  });
});

describe('listStartStyles', () => {
  it("lists the stylesheets of the entry and its child chunks, not those of chunks loaded later (a dialog's)", () => {
    const chunks = [
      { id: 889, names: ['main'], files: ['main.a0.js', 'main.c1.css'], children: [16, 275] },
      { id: 16, names: [], files: ['16.fe.css', '16.42.js'], children: [91, 613] },
      { id: 275, names: ['singletons'], files: ['275.06.js'], children: [] },
      { id: 91, names: [], files: ['91.ae.css', '91.f0.js'] },
      { id: 613, names: [], files: ['613.4b.css', '613.17.js'] },
    ];
    expect(listStartStyles(chunks)).toEqual(['main.c1.css', '16.fe.css']);
  });

  it('lists nothing without an entry chunk', () => {
    expect(listStartStyles([{ id: 1, names: ['other'], files: ['1.css'], children: [] }])).toEqual([]);
  });
});
