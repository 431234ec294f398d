import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createAppConfigs } from './rspack.base.ts';
import { compileHintsPlugin } from './rspack/compile-hints.ts';
import {
  buildSharedConfig,
  findUnlistedSharedExports,
  isTreeShaken,
  readTreeShakenExports,
  SHARED_SINGLETONS,
  SHARED_USED_EXPORTS,
  SINGLETON_DEPENDENCIES,
  SINGLETON_MODULES,
} from './rspack/shared-singletons.ts';

/** The workspaces whose code reaches a browser container (the shell, the remotes and what they import). */
const BROWSER_WORKSPACES = ['shell', 'mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign', 'shared-contracts'];

/** Every value import of a tree-shaken singleton in the workspaces' sources (tests aside), as `package: name` with its file. */
function readSharedImports(): { found: Map<string, string>; problems: string[] } {
  const root = import.meta.dirname;
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...BROWSER_WORKSPACES], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)node_modules\//.test(file));
  const found = new Map<string, string>();
  const problems: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier;
      if (!from || !ts.isStringLiteral(from) || !isTreeShaken(from.text)) continue;
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
      if (ts.isExportDeclaration(statement) || clause?.name || (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings))) {
        if (!statement.getText(source).startsWith('import type') && !statement.getText(source).startsWith('export type'))
          problems.push(`${file}: only named imports of ${from.text} can be checked against the list`);
        continue;
      }
      if (!clause || clause.isTypeOnly || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
      for (const element of clause.namedBindings.elements)
        if (!element.isTypeOnly) found.set(`${from.text}: ${(element.propertyName ?? element.name).text}`, file);
    }
  }
  return { found, problems };
}

async function makeApp(dependencies: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'app-'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: '@reelkeep/mf-demo', version: '1.0.0', dependencies }));
  return dir;
}

describe('createAppConfigs', () => {
  it('fails the build when an app asks for another version of a shared singleton', async () => {
    const appDir = await makeApp({ react: '18.3.1' });
    expect(() => createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } })).toThrow(
      /@reelkeep\/mf-demo asks for react@18\.3\.1 but the shared singleton is react@19\.3\.1/,
    );
  });

  it('shares every singleton strictly, eager only in the host server container', async () => {
    const appDir = await makeApp({ react: '19.3.1' });
    const [hostBrowser, hostServer] = createAppConfigs({ appDir, kind: 'host', outDir: '/tmp/out', browserEntry: './a.ts', serverEntry: './b.ts' });
    const [remoteBrowser, remoteServer] = createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } });
    const sharedOf = (config: typeof hostBrowser) => {
      const plugin = config!.plugins!.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
        _options: { shared: Record<string, { eager: boolean; singleton: boolean; strictVersion: boolean }> };
      };
      return plugin._options.shared;
    };
    for (const name of SHARED_SINGLETONS) {
      expect(sharedOf(hostServer)[name]).toMatchObject({ singleton: true, strictVersion: true, eager: true });
      for (const config of [hostBrowser, remoteBrowser, remoteServer])
        expect(sharedOf(config)[name]).toMatchObject({ singleton: true, strictVersion: true, eager: false });
    }
    expect(Object.keys(sharedOf(hostBrowser))).not.toContain('react-router');
  });

  it('tree-shakes react-i18next and react-redux to the listed exports in browser containers only', async () => {
    const appDir = await makeApp({ react: '19.3.1' });
    const [hostBrowser, hostServer] = createAppConfigs({ appDir, kind: 'host', outDir: '/tmp/out', browserEntry: './a.ts', serverEntry: './b.ts' });
    const [remoteBrowser] = createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } });
    const sharedOf = (config: typeof hostBrowser) =>
      (
        config!.plugins!.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
          _options: { shared: Record<string, { treeShaking?: unknown }> };
        }
      )._options.shared;
    for (const config of [hostBrowser, remoteBrowser]) {
      expect(sharedOf(config)['react-i18next']!.treeShaking).toEqual({
        mode: 'runtime-infer',
        usedExports: [...SHARED_USED_EXPORTS['react-i18next']],
      });
      expect(sharedOf(config)['react-redux']!.treeShaking).toEqual({ mode: 'runtime-infer', usedExports: [...SHARED_USED_EXPORTS['react-redux']] });
      expect(sharedOf(config)['react']!.treeShaking).toBeUndefined();
    }
    // The host's server container shares eagerly, which Module Federation's tree shaking refuses.
    expect(sharedOf(hostServer)['react-i18next']!.treeShaking).toBeUndefined();
  });

  it('gives the browser containers compile hints on their start chunks, and no server or worker build', async () => {
    const appDir = await makeApp({ react: '19.3.1' });
    const workerEntries = { sw: './sw.ts' };
    const host = createAppConfigs({ appDir, kind: 'host', outDir: '/tmp/out', browserEntry: './a.ts', serverEntry: './b.ts', workerEntries });
    const remote = createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } });
    const hinted = (config: (typeof host)[number]) => config.plugins!.includes(compileHintsPlugin);
    expect([...host, ...remote].map((config) => [config.name, hinted(config)])).toEqual([
      ['mf_demo:browser', true],
      ['mf_demo:server', false],
      ['mf_demo:worker', false],
      ['mf_demo:browser', true],
      ['mf_demo:server', false],
    ]);
  });

  it("shares deep imports (react/jsx-runtime, react-dom/client) but not react-i18next's, which each chunk that uses one bundles", () => {
    const shared = buildSharedConfig({ react: '19.3.1', 'react-dom': '19.3.1', 'react-i18next': '18.0.2' }, false, true);
    expect(Object.keys(shared)).toEqual(expect.arrayContaining(['react', 'react/', 'react-dom/', 'react-i18next']));
    // Shared, `react-i18next/TransWithoutContext` would be provided by the shell and preloaded on every page.
    expect(Object.keys(shared)).not.toContain('react-i18next/');
  });

  it("puts the singletons in their chunk, but not <Trans>'s module and HTML parser, which load with the dialog", () => {
    expect(SINGLETON_MODULES.test('/app/node_modules/react-i18next/dist/es/useTranslation.js')).toBe(true);
    expect(SINGLETON_MODULES.test('/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(SINGLETON_MODULES.test('/app/node_modules/react-i18next/dist/es/TransWithoutContext.js')).toBe(false);
    expect(SINGLETON_MODULES.test('/app/node_modules/html-parse-stringify/dist/esm/html-parse-stringify.js')).toBe(false);
  });
});

describe('SHARED_USED_EXPORTS', () => {
  it('lists exactly the exports the shell and the remotes import from each tree-shaken singleton', () => {
    const { found, problems } = readSharedImports();
    expect(problems).toEqual([]);
    const listed = Object.entries(SHARED_USED_EXPORTS).flatMap(([name, exports]) => exports.map((exported) => `${name}: ${exported}`));
    // An import missing from the list would be shaken out of the shell's copy, which every remote takes.
    expect([...found.keys()].filter((key) => !listed.includes(key)).map((key) => `${key} (${found.get(key)})`)).toEqual([]);
    // A listed export nobody imports only costs bytes.
    expect(listed.filter((key) => !found.has(key))).toEqual([]);
  });

  it("names what an app's build uses beyond the list, from its manifest stats", async () => {
    const stats = {
      shared: [
        // `withTypes` is a member path (useSelector.withTypes), not an export of react-redux.
        { name: 'react-i18next', usedExports: ['useTranslation', 'I18nextProvider', 'withTranslation'] },
        { name: 'react-redux', usedExports: ['useSelector', 'withTypes'] },
        { name: 'react', usedExports: ['useState'] },
      ],
    };
    const packageExports = await readTreeShakenExports();
    expect(packageExports['react-i18next']).toContain('withTranslation');
    expect(findUnlistedSharedExports(stats, packageExports)).toEqual(['react-i18next: withTranslation']);
    expect(
      findUnlistedSharedExports({ shared: [{ name: 'react-redux', usedExports: [...SHARED_USED_EXPORTS['react-redux']] }] }, packageExports),
    ).toEqual([]);
  });
});

describe('SINGLETON_DEPENDENCIES', () => {
  it('names every package the shared singletons import, so the singletons chunk holds all of them', () => {
    const dependenciesOf = (name: string): string[] => {
      const packageJson = JSON.parse(readFileSync(path.join(import.meta.dirname, 'node_modules', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return Object.keys(packageJson.dependencies ?? {}).filter((dependency) => !dependency.startsWith('@types/'));
    };
    const found = new Set<string>();
    const pending: string[] = [...SHARED_SINGLETONS];
    while (pending.length > 0)
      for (const dependency of dependenciesOf(pending.pop()!))
        if (!found.has(dependency)) {
          found.add(dependency);
          pending.push(dependency);
        }
    expect([...found].filter((name) => !(SHARED_SINGLETONS as readonly string[]).includes(name)).sort()).toEqual([...SINGLETON_DEPENDENCIES].sort());
  });
});
