/**
 * Loads a release's API module in a process of its own and prints what the host would see of it, as one
 * JSON line: `{squad, contractVersion, routes}`, or `{error}` with exit code 1. The release build records
 * the result in release.json and promotion runs it again, so a module that throws, hangs or breaks the
 * contract is refused before it goes live (docs/releases.md "Promote").
 */
import { createRequire } from 'node:module';
import type { SquadName } from '@reelkeep/shared-contracts';
import { acceptApiModule } from '../squad-api-contract.ts';

const [file, squad] = process.argv.slice(2);
try {
  const module = acceptApiModule(squad as SquadName, createRequire(import.meta.url)(file!));
  const routes = module.routes.map(({ method, path, callers, maxBodyBytes }) => ({
    method,
    path,
    ...(callers ? { callers } : {}),
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
  }));
  process.stdout.write(`${JSON.stringify({ squad: module.squad, contractVersion: module.contractVersion, routes })}\n`);
  process.exit(0);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
  process.exit(1);
}
