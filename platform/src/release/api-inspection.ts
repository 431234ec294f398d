import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SquadName } from '@reelkeep/shared-contracts';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';

const run = promisify(execFile);
/** A module that does not load within this is refused (it would hang a server the same way). */
const INSPECTION_TIMEOUT_MS = 20_000;

/** What a release's API module declares, as the contract check saw it; or why it was refused. */
export type ApiInspection = { ok: true; api: NonNullable<ReleaseManifest['api']> } | { ok: false; problem: string };

/** Runs the contract check of `inspect-api-module.ts` on a module file, in a child process with a time-out. */
export async function inspectApiModule(file: string, squad: SquadName): Promise<ApiInspection> {
  try {
    const { stdout } = await run(process.execPath, [path.join(import.meta.dirname, 'inspect-api-module.ts'), file, squad], {
      timeout: INSPECTION_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
    });
    return { ok: true, api: JSON.parse(stdout.trim().split('\n').at(-1)!) as NonNullable<ReleaseManifest['api']> };
  } catch (error) {
    const failure = error as { stdout?: string; killed?: boolean; message: string };
    if (failure.killed) return { ok: false, problem: `its API module did not load within ${INSPECTION_TIMEOUT_MS} ms` };
    const printed = failure.stdout?.trim().split('\n').at(-1);
    const reason = printed ? ((JSON.parse(printed) as { error?: string }).error ?? printed) : failure.message;
    return { ok: false, problem: `its API module fails the contract check: ${reason}` };
  }
}
