import { rspack, type Compilation, type Compiler } from '@rspack/core';

/**
 * V8's explicit compile hint (Chrome 136 and later): a script that starts with this comment has all its functions
 * compiled as it streams in, on a background thread, instead of each one on the main thread when it is first called
 * (docs/budgets.md "Compile hints"). Other engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Chunk groups named after a remote's exposed module: its page module, run as soon as it has loaded. */
const EXPOSED_MODULE_GROUP = /^__federation_expose_/;

/**
 * The chunks a page's start runs nearly all of: each entry's own chunks (the shell's `main` with the federation
 * runtime, a remote's `remoteEntry.js`), the chunks the shell's entry imports as it starts (its app and the shared
 * singletons: the release's `startScripts`), and a remote's exposed modules. Chunks loaded later for a part of a
 * page (a dialog, the checkout's payment form) stay lazily compiled: most of their functions wait for a visitor.
 */
export function listStartChunks(compilation: Compilation): Set<string> {
  const files = new Set<string>();
  const add = (group: { chunks: readonly { files: ReadonlySet<string> }[] }) => {
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  };
  for (const [name, entrypoint] of compilation.entrypoints) {
    add(entrypoint);
    if (name === 'main') for (const child of entrypoint.childrenIterable) add(child);
  }
  for (const group of compilation.chunkGroups) if (group.name && EXPOSED_MODULE_GROUP.test(group.name)) add(group);
  return files;
}

/**
 * Puts the compile hint at the top of the start chunks of a browser build, once they are minified (the minifier
 * drops comments) and before the real content hashes and the release's file hashes are taken.
 */
export const compileHintsPlugin = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHints', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const file of listStartChunks(compilation))
          compilation.updateAsset(file, (source) => new compiler.webpack.sources.ConcatSource(COMPILE_HINT, source));
      });
    });
  },
};
