/** What the build's stats say of a chunk (`ids` and `chunkRelations` on). */
interface ChunkStats {
  id?: string | number | null | undefined;
  names?: string[] | undefined;
  files?: string[] | undefined;
  children?: (string | number)[] | undefined;
}

/**
 * The scripts the shell's entry loads as it starts: the chunks of its app's import and of the shared modules
 * it provides, which the document preloads at low priority (docs/routing.md "Starting in the browser").
 */
export function listStartScripts(chunks: readonly ChunkStats[]): string[] {
  const entry = chunks.find((chunk) => chunk.names?.includes('main'));
  const filesOf = new Map(chunks.map((chunk) => [chunk.id, chunk.files ?? []]));
  return (entry?.children ?? []).flatMap((id) => filesOf.get(id) ?? []).filter((name) => name.endsWith('.js'));
}
