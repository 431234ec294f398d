import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../testing/free-port.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'cli.ts');

/** Runs `npm run release:<command>` as an operator would, with a console key and a site nobody answers at. */
async function release(args: string[], releasesDir: string, siteUrl: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_URL: siteUrl, CONSOLE_API_KEY: `rk_${'a'.repeat(40)}`, RELEASES_DIR: releasesDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.CONSOLE_URL;
  return run(process.execPath, [CLI, ...args], { env, timeout: 30_000 }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('npm run release through the console API', () => {
  let releasesDir: string;
  let siteUrl: string;
  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'release-cli-'));
    siteUrl = `http://127.0.0.1:${await findFreePort()}`;
  });
  afterAll(() => rm(releasesDir, { recursive: true, force: true }));

  it.each([[['status']], [['promote', 'mf-landing', '0.1.0-0000000000']]])(
    '%j names the site it cannot reach and the setting that points at it',
    async (args) => {
      const answer = await release(args, releasesDir, siteUrl);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(`cannot reach the site at ${siteUrl}: nothing answers there (connection refused)`);
      expect(answer.stderr).toContain('does SITE_URL name it?');
      expect(answer.stderr).not.toContain('fetch failed');
    },
  );
});
