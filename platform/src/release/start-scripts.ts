/** What the build's stats say of a chunk (`ids` and `chunkRelations` on). */
interface ChunkStats {
  id?: string | number | null | undefined;
  names?: string[] | undefined;
  files?: string[] | undefined;
  children?: (string | number)[] | undefined;
}

/** The shell's entry chunk and the chunks it loads as it starts (its app's import and the shared modules it provides). */
function findStartChunks(chunks: readonly ChunkStats[]): { entry: ChunkStats | undefined; children: ChunkStats[] } {
  const entry = chunks.find((chunk) => chunk.names?.includes('main'));
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  return { entry, children: (entry?.children ?? []).flatMap((id) => byId.get(id) ?? []) };
}

/**
 * The scripts the shell's entry loads as it starts: the chunks of its app's import and of the shared modules
 * it provides, which the document preloads at low priority (docs/routing.md "Starting in the browser").
 */
export function listStartScripts(chunks: readonly ChunkStats[]): string[] {
  return findStartChunks(chunks)
    .children.flatMap((chunk) => chunk.files ?? [])
    .filter((name) => name.endsWith('.js'));
}

/**
 * The stylesheets of the entry and of the chunks it loads as it starts: the frame's, which the server-rendered page
 * needs for its first paint, so the document links them (docs/routing.md "Starting in the browser"). A chunk loaded
 * later (a dialog, the consent card) brings its own stylesheet when it loads, never in the way of the first paint.
 */
export function listStartStyles(chunks: readonly ChunkStats[]): string[] {
  const { entry, children } = findStartChunks(chunks);
  return [...(entry ? [entry] : []), ...children].flatMap((chunk) => chunk.files ?? []).filter((name) => name.endsWith('.css'));
}
