import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack, type RspackPluginInstance, type Stats } from '@rspack/core';
import { COMPILE_HINT, compileHintsPlugin } from './compile-hints.ts';

/** Builds a small app the way the browser containers are built (production, minified, content-hashed names). */
async function build(files: Record<string, string>, plugins: RspackPluginInstance[] = [compileHintsPlugin]): Promise<Map<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
  for (const [name, source] of Object.entries(files)) await writeFile(path.join(dir, name), source);
  const compiler = rspack({
    mode: 'production',
    context: dir,
    target: ['web', 'es2022'],
    entry: { main: './main.js' },
    output: { path: path.join(dir, 'out'), filename: '[name].[contenthash:10].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins,
  });
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  expect(stats.hasErrors()).toBe(false);
  const out = new Map<string, string>();
  for (const file of await readdir(path.join(dir, 'out'))) out.set(file, await readFile(path.join(dir, 'out', file), 'utf8'));
  return out;
}

/** The one built file whose name starts with `prefix`. */
function fileOf(out: Map<string, string>, prefix: string): string {
  const names = [...out.keys()].filter((name) => name.startsWith(`${prefix}.`));
  expect(names).toHaveLength(1);
  return out.get(names[0]!)!;
}

describe('compile hints', () => {
  it('mark the entry, what it imports as it starts and exposed modules, minified, and no chunk loaded later', async () => {
    const out = await build({
      'main.js': `setTimeout(() => import(/* webpackChunkName: "app" */ './app.js').then((app) => app.start()), 0);`,
      'app.js': `export function start() { document.title = 'started'; return import(/* webpackChunkName: "later" */ './later.js'); }`,
      'later.js': `export function open() { return import(/* webpackChunkName: "__federation_expose_page" */ './page.js'); }`,
      'page.js': `export function render(root) { root.textContent = 'page'; }`,
    });
    expect(fileOf(out, 'main').startsWith(COMPILE_HINT)).toBe(true);
    expect(fileOf(out, 'app').startsWith(COMPILE_HINT)).toBe(true);
    expect(fileOf(out, '__federation_expose_page').startsWith(COMPILE_HINT)).toBe(true);
    expect(fileOf(out, 'later')).not.toContain('allFunctionsCalledOnLoad');
    // Once, at the very top (V8 reads it there only), and the rest still minified.
    for (const prefix of ['main', 'app', '__federation_expose_page']) {
      const source = fileOf(out, prefix);
      expect(source.split('allFunctionsCalledOnLoad')).toHaveLength(2);
      expect(source.slice(COMPILE_HINT.length)).not.toMatch(/\n\s+\S/);
    }
  });

  it('are part of the content a file is named after: a hinted file never takes the name of an unhinted one', async () => {
    const files = { 'main.js': `import('./app.js').then((app) => app.start());`, 'app.js': `export function start() { return 1; }` };
    const hinted = [...(await build(files)).keys()].filter((name) => name.endsWith('.js')).sort();
    const plain = [...(await build(files, [])).keys()].filter((name) => name.endsWith('.js')).sort();
    expect(hinted).toHaveLength(2);
    expect(hinted.filter((name) => plain.includes(name))).toEqual([]);
  });
});
