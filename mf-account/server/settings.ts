import { z } from 'zod';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';

/**
 * The account squad's own settings (docs/configuration.md "Configuration"), read by the host for this squad only: no other
 * squad sees the auth secret, and this squad sees no other's.
 */
export const accountSettings = z.object({
  /** Attempts per client address in 10 minutes, per kind; five times that across kinds (docs/security.md "Ways into an account"). */
  ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** docs/security.md "Per-account limits": failures on one account in an hour, from any address, after which every attempt needs a captcha. */
  ACCOUNT_CAPTCHA_AFTER: z.coerce.number().int().positive().default(5),
  /** How long each attempt on an account under guard waits before it is evaluated. */
  ACCOUNT_GUARD_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  /** Signs sessions and reset tokens; unset, one is generated once and kept in the squad's state folder. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google sign-in is offered only when set. */
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{8,200}$/, 'must be an OAuth client id')
    .optional(),
  /** The keys Google signs ID tokens with (the tests point it at a local key server). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google Identity Services' script, loaded by the sign-in pages. */
  GOOGLE_GSI_URL: z.url().default('https://accounts.google.com/gsi/client'),
});

/** The account squad's settings. */
export type AccountSettings = z.infer<typeof accountSettings>;

/** What the host hands the account squad's routes. */
export type AccountContext = HostContext<AccountSettings>;
/** One route of the account squad. */
export type AccountRoute = ApiRoute<AccountSettings>;
