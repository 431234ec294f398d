import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import { readReleaseManifest, toReleaseDir } from '@reelkeep/platform/releases';

/**
 * docs/console.md "Releases": what changed between two versions of an app, from their `release.json` (files and
 * hashes, contract versions, API routes, migrations) and their browser federation manifest (`browser/mf-manifest.json`:
 * exposed modules, shared packages and their versions), read only when its bytes match the hash `release.json` records.
 */

/** The browser federation manifest's parts the diff compares. */
const federationManifestSchema = z.object({
  exposes: z.array(z.object({ name: z.string() })).default([]),
  shared: z.array(z.object({ name: z.string(), version: z.string().default('') })).default([]),
});

/** What a version carries, for the comparison. */
export interface ReleaseFacts {
  manifest: ReleaseManifest;
  /** Exposed modules and shared package versions; null when the release has no readable, verified federation manifest. */
  federation: { exposes: string[]; shared: Record<string, string> } | null;
}

/** One value compared: before and after, and whether it changed. */
export interface ChangedValue {
  name: string;
  from: string | null;
  to: string | null;
}

/** The difference between two versions. */
export interface ReleaseDiff {
  files: { added: string[]; removed: string[]; changed: string[]; unchanged: number };
  contract: ChangedValue[];
  exposes: { added: string[]; removed: string[] };
  shared: ChangedValue[];
  routes: { added: string[]; removed: string[] };
  migrations: { added: string[]; removed: string[] };
}

const FEDERATION_MANIFEST = 'browser/mf-manifest.json';

/** Reads a version's manifest and, verified by its recorded hash, its federation manifest. */
export async function readReleaseFacts(releasesDir: string, app: string, version: string): Promise<ReleaseFacts> {
  const manifest = await readReleaseManifest(releasesDir, app, version);
  const recorded = manifest.files[FEDERATION_MANIFEST];
  let federation: ReleaseFacts['federation'] = null;
  if (recorded) {
    const bytes = await readFile(path.join(toReleaseDir(releasesDir, app, version), FEDERATION_MANIFEST)).catch(() => null);
    if (bytes && createHash('sha256').update(bytes).digest('hex') === recorded) {
      const parsed = federationManifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      if (parsed.success)
        federation = {
          exposes: parsed.data.exposes.map((entry) => entry.name).sort(),
          shared: Object.fromEntries(parsed.data.shared.map((entry) => [entry.name, entry.version])),
        };
    }
  }
  return { manifest, federation };
}

const difference = (left: readonly string[], right: readonly string[]) => left.filter((item) => !right.includes(item)).sort();

function compareValues(names: readonly string[], from: Record<string, string | undefined>, to: Record<string, string | undefined>): ChangedValue[] {
  return names
    .filter((name) => from[name] !== to[name])
    .sort()
    .map((name) => ({ name, from: from[name] ?? null, to: to[name] ?? null }));
}

/** The difference between two versions' facts (`from` the older or live one, `to` the other). */
export function diffReleases(from: ReleaseFacts, to: ReleaseFacts): ReleaseDiff {
  const fromFiles = Object.keys(from.manifest.files);
  const toFiles = Object.keys(to.manifest.files);
  const common = fromFiles.filter((file) => file in to.manifest.files);
  const changed = common.filter((file) => from.manifest.files[file] !== to.manifest.files[file]).sort();
  const contractOf = (facts: ReleaseFacts) => ({ contract: facts.manifest.contractVersion, api: facts.manifest.api?.contractVersion });
  const routesOf = (facts: ReleaseFacts) => (facts.manifest.api?.routes ?? []).map((route) => `${route.method} ${route.path}`);
  const sharedFrom = from.federation?.shared ?? {};
  const sharedTo = to.federation?.shared ?? {};
  return {
    files: { added: difference(toFiles, fromFiles), removed: difference(fromFiles, toFiles), changed, unchanged: common.length - changed.length },
    contract: compareValues(['contract', 'api'], contractOf(from), contractOf(to)),
    exposes: {
      added: difference(to.federation?.exposes ?? [], from.federation?.exposes ?? []),
      removed: difference(from.federation?.exposes ?? [], to.federation?.exposes ?? []),
    },
    shared: compareValues([...new Set([...Object.keys(sharedFrom), ...Object.keys(sharedTo)])], sharedFrom, sharedTo),
    routes: { added: difference(routesOf(to), routesOf(from)), removed: difference(routesOf(from), routesOf(to)) },
    migrations: {
      added: difference(to.manifest.migrations, from.manifest.migrations),
      removed: difference(from.manifest.migrations, to.manifest.migrations),
    },
  };
}
