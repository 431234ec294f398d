import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** Builds every app into `releasesDir` (an unchanged app keeps its version) and returns the version of each. */
export async function buildEveryApp(releasesDir: string): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, ['platform/src/release/cli.ts', 'build'], {
    cwd: ROOT_DIR,
    env: { ...process.env, RELEASES_DIR: releasesDir, DATABASE_URL: '', REDIS_URL: '', ARTIFACT_ORIGIN: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return Object.fromEntries([...stdout.matchAll(/^(shell|mf-[a-z]+)@(\S+) (?:built|unchanged)/gm)].map((match) => [match[1]!, match[2]!]));
}
