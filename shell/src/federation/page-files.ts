/**
 * The files of a remote's `page` module its build manifest lists (the chunks and styles it needs at once),
 * relative to the manifest; none when the manifest is not one.
 */
export function listPageFiles(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null || !('exposes' in manifest) || !Array.isArray(manifest.exposes)) return [];
  const page: unknown = manifest.exposes.find(
    (expose: unknown) => typeof expose === 'object' && expose !== null && 'name' in expose && expose.name === 'page',
  );
  if (typeof page !== 'object' || page === null || !('assets' in page) || typeof page.assets !== 'object' || page.assets === null) return [];
  const assets = Object.entries(page.assets);
  const syncFiles = (kind: 'js' | 'css'): string[] => {
    const group: unknown = assets.find(([name]) => name === kind)?.[1];
    const files = typeof group === 'object' && group !== null && 'sync' in group ? group.sync : undefined;
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && /^[\w.-]+\.(?:js|css)$/.test(file)) : [];
  };
  return [...syncFiles('js'), ...syncFiles('css')];
}
