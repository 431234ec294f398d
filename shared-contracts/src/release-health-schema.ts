import * as z from 'zod/mini';
import { BROWSER_FAILURES, type ReleaseHealthBeacon } from './release-health-contract.ts';
import { REMOTE_NAMES } from './routes.ts';

/** `POST /_beacon/release-health` as the server reads it (docs/releases.md "Health per version"). */
export const releaseHealthBeaconSchema: z.ZodMiniType<ReleaseHealthBeacon> = z.object({
  app: z.enum(['shell', ...REMOTE_NAMES]),
  version: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,64}$/)),
  failure: z.enum(BROWSER_FAILURES),
});
