import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'campaign-cli.ts');

/** Runs `npm run campaign -- …` as an operator would, with a key and a site nobody answers at. */
async function campaign(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, timeout: 30_000 }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('npm run campaign', () => {
  it('starts and says so clearly when the site it is sent to does not answer (the command loads no React component)', async () => {
    const answer = await campaign(['end', 'demo'], { SITE_URL: 'http://127.0.0.1:9', CONSOLE_API_KEY: `rk_${'a'.repeat(40)}` });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('cannot reach the site at http://127.0.0.1:9');
    expect(answer.stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
  });
});
