import { findDocsProblems, findIndexProblems, readHeadings, slugifyHeading, type DocsTree } from './docs-check.ts';

const ROUTING = `# Routing

## Language choice

Text.

## Redirects of old addresses

### Old checkout addresses

\`\`\`
## Not a heading: inside a fence
\`\`\`

## Visitor's \`OS\` (*detected*)
`;

/** A small repository: a docs page, an image, and whatever files a case adds. */
function tree(files: Record<string, string>, binaries: string[] = []): DocsTree {
  const texts = new Map(Object.entries({ 'docs/routing.md': ROUTING, ...files }));
  return { paths: new Set([...texts.keys(), ...binaries]), texts };
}

const problemsOf = (files: Record<string, string>, binaries: string[] = []) =>
  findDocsProblems(tree(files, binaries)).map(({ file, line, message }) => `${file}:${line}: ${message}`);

describe('slugifyHeading (GitHub anchors)', () => {
  it.each([
    ['Language choice', 'language-choice'],
    ["A squad's API", 'a-squads-api'],
    ['0001. Micro-frontends with Module Federation', '0001-micro-frontends-with-module-federation'],
    ['`rk_order` and the **secret**', 'rk_order-and-the-secret'],
    ['Amendment (issue 17): one render path, typed', 'amendment-issue-17-one-render-path-typed'],
    ['Größe & Maß', 'größe--maß'],
  ])('%s → %s', (heading, slug) => {
    expect(slugifyHeading(heading)).toBe(slug);
  });
});

describe('readHeadings', () => {
  it('reads ATX headings outside code fences, as rendered, and numbers repeated anchors', () => {
    const headings = readHeadings(`${ROUTING}\n## Language choice\n`);
    expect(headings.map(({ text }) => text)).toEqual([
      'Routing',
      'Language choice',
      'Redirects of old addresses',
      'Old checkout addresses',
      "Visitor's OS (detected)",
      'Language choice',
    ]);
    expect(headings.at(-1)).toMatchObject({ slug: 'language-choice-1', line: 17 });
  });
});

describe('findDocsProblems', () => {
  it('passes good links and citations', () => {
    expect(
      problemsOf(
        {
          'README.md': [
            'See [routing](docs/routing.md#language-choice), [the top](#readme), [the folder](docs/) and ![a logo](img/logo.png).',
            '# README',
            '[Elsewhere](https://example.com/x.md#nothing) and [a site path](/netflix-downloader) are not files.',
          ].join('\n'),
          'docs/README.md': '[Old checkout](routing.md#old-checkout-addresses) and [back](../README.md).',
          'shell/src/rule.ts': [
            '// docs/routing.md "Old checkout addresses": the old build leaked these.',
            'it(\'keeps the query (docs/routing.md "Language choice")\', () => {});',
            "describe('os (docs/routing.md \"Visitor\\'s OS (detected)\")', () => {});",
            '/** A page-only citation: docs/routing.md. */',
            '/**',
            ' * A citation whose heading starts on the next comment line: docs/routing.md',
            ' * "Redirects of old addresses".',
            ' */',
          ].join('\n'),
          'shell/src/frame.css': '/* docs/routing.md "Language choice" */',
          'site/migrations/0001.sql': '-- docs/routing.md "Language choice": one table.',
        },
        ['img/logo.png'],
      ),
    ).toEqual([]);
  });

  it('catches a link to a missing file and to a missing heading, with the line', () => {
    expect(
      problemsOf({
        'README.md': '# Readme\n\nSee [gone](docs/gone.md) and [here](docs/routing.md#no-such-heading).\n[Self](#nowhere)',
        'docs/adr/0001-x.md': '[Up too far](../../../outside.md)',
      }),
    ).toEqual([
      'docs/adr/0001-x.md:1: link to a missing file: ../../../outside.md',
      'README.md:3: link to a missing file: docs/gone.md',
      'README.md:3: link to a missing heading: docs/routing.md#no-such-heading',
      'README.md:4: link to a missing heading: #nowhere',
    ]);
  });

  it('ignores links inside code', () => {
    expect(problemsOf({ 'docs/x.md': '`[a](missing.md)`\n```\n[b](missing.md)\n```' })).toEqual([]);
  });

  it('catches a citation of a missing page and of a heading the page does not have', () => {
    expect(
      problemsOf({
        'shell/src/a.ts': '// docs/nothing.md "Anything"\n// docs/routing.md "Language Choice" (the case matters)',
        'shell/src/b.test.ts': 'it(\'redirects (docs/routing.md "Old checkouts")\', () => {});',
        'db/0001.sql': '-- docs/routing.md\n-- "Redirects"',
      }),
    ).toEqual([
      'db/0001.sql:1: cites a heading docs/routing.md does not have: "Redirects"',
      'shell/src/a.ts:1: cites a missing page: docs/nothing.md',
      'shell/src/a.ts:2: cites a heading docs/routing.md does not have: "Language Choice"',
      'shell/src/b.test.ts:1: cites a heading docs/routing.md does not have: "Old checkouts"',
    ]);
  });

  it('catches every reference to documents outside the repository', () => {
    const problems = problemsOf({
      'shell/src/a.ts': [
        '// spec §2: a redirect',
        '/** Spec §9: 30 days. */',
        "it('leaks (decisions.md: old build)', () => {});",
        '// Decisions.md: capitalised',
        '// TOOLCHAIN pitfall 8',
        '// (pitfall 12)',
        '// see ../shared/TOOLCHAIN.md',
      ].join('\n'),
    });
    expect(problems.map((problem) => problem.replace(/: cites .*/, ''))).toEqual([
      'shell/src/a.ts:1',
      'shell/src/a.ts:2',
      'shell/src/a.ts:3',
      'shell/src/a.ts:4',
      'shell/src/a.ts:5',
      'shell/src/a.ts:5',
      'shell/src/a.ts:6',
      'shell/src/a.ts:7',
      'shell/src/a.ts:7',
    ]);
  });

  it('leaves words that only look alike alone: a law section, a lowercase toolchain, the docs page', () => {
    expect(
      problemsOf({
        'content/dmca.md': 'Under 17 U.S.C. § 512(c)(3), your notice must be in writing.',
        'e2e/a.spec.ts': '// as if built by a toolchain that skipped the check',
        'docs/toolchain.md': '# Toolchain pitfalls',
        'shell/src/b.ts': '// docs/toolchain.md "Toolchain pitfalls"',
      }),
    ).toEqual([]);
  });

  it('catches the markers of an unresolved merge conflict, not a Markdown underline', () => {
    expect(
      problemsOf({ 'README.md': ['# Readme', '<<<<<<< HEAD', '| a |', '=======', '| b |', '>>>>>>> branch', '', 'Title', '======='].join('\n') }),
    ).toEqual(['README.md:2: an unresolved merge conflict marker', 'README.md:6: an unresolved merge conflict marker']);
  });

  it('skips exempt files', () => {
    expect(findDocsProblems(tree({ 'scripts/fixture.ts': '// spec §1' }), new Set(['scripts/fixture.ts']))).toEqual([]);
  });
});

describe('findIndexProblems (docs/README.md indexes every page and ADR)', () => {
  const INDEXED = {
    'docs/README.md': '[Routing](routing.md#language-choice)\n\n- [0001. Shell](adr/0001-shell.md)\n- [0002. Cache](./adr/0002-cache.md)',
    'docs/adr/0001-shell.md': '# 0001. Shell\n',
    'docs/adr/0002-cache.md': '# 0002. Cache\n',
  };
  const indexProblemsOf = (files: Record<string, string>) =>
    findIndexProblems(tree(files)).map(({ file, line, message }) => `${file}:${line}: ${message}`);

  it('passes when every page and ADR is linked and each ADR has a number of its own', () => {
    expect(indexProblemsOf(INDEXED)).toEqual([]);
  });

  it('catches a page and an ADR the index does not link (a link inside code does not count)', () => {
    expect(
      indexProblemsOf({
        ...INDEXED,
        'docs/push.md': '# Push',
        'docs/adr/0003-push.md': '# 0003. Push',
        'docs/README.md': `${INDEXED['docs/README.md']}\n\`[push](push.md)\``,
      }),
    ).toEqual([
      'docs/adr/0003-push.md:1: not linked from the docs index (docs/README.md)',
      'docs/push.md:1: not linked from the docs index (docs/README.md)',
    ]);
  });

  it('catches two ADRs with one number, an ADR without a number and a title that disagrees with its file', () => {
    expect(
      indexProblemsOf({
        ...INDEXED,
        'docs/README.md': `${INDEXED['docs/README.md']}\n- [Push](adr/0002-push.md)\n- [Notes](adr/notes.md)\n- [Bus](adr/0003-bus.md)`,
        'docs/adr/0002-push.md': '# 0002. Push',
        'docs/adr/notes.md': '# Notes',
        'docs/adr/0003-bus.md': '# 0004. Bus',
      }),
    ).toEqual([
      'docs/adr/0002-cache.md:1: ADR number 0002 is also used by docs/adr/0002-push.md',
      'docs/adr/0002-push.md:1: ADR number 0002 is also used by docs/adr/0002-cache.md',
      'docs/adr/0003-bus.md:1: the title must start with "0003. "',
      'docs/adr/notes.md:1: an ADR is named NNNN-<title>.md',
    ]);
  });

  it('fails without an index', () => {
    expect(findIndexProblems({ paths: new Set(['docs/push.md']), texts: new Map([['docs/push.md', '# Push']]) })).toEqual([
      { file: 'docs/README.md', line: 1, message: 'the docs index is missing' },
    ]);
  });
});
