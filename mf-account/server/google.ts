import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { AccountContext } from './settings.ts';

/** Issuers Google writes into its ID tokens. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** Google signs ID tokens with RS256 only; anything else is refused before the signature is checked. */
const GOOGLE_ALGORITHMS = ['RS256'];
/** Google's ID tokens live an hour; an older one is refused even if `exp` says otherwise. */
const MAX_TOKEN_AGE = '1h';

/**
 * A verifier of Google ID tokens against the keys at `GOOGLE_JWKS_URL` (Google's by default; the tests point it
 * at a local key server): signature, issuer, audience (our client id), age, a verified e-mail, and single use
 * (the token's `jti` is recorded until it expires, so a captured token cannot sign in twice).
 */
export function createGoogleVerifier(context: Pick<AccountContext, 'db' | 'settings' | 'logger'>, clientId: string) {
  const keys = createRemoteJWKSet(new URL(context.settings.GOOGLE_JWKS_URL), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  return async (token: string): Promise<boolean> => {
    let claims: JWTPayload & { email?: string; email_verified?: boolean };
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: GOOGLE_ALGORITHMS,
        maxTokenAge: MAX_TOKEN_AGE,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      context.logger.info('Google ID token refused', { reason: error instanceof Error ? error.message : String(error) });
      return false;
    }
    if (claims.email_verified !== true || typeof claims.email !== 'string') return false;
    const once = `google-id-token:${claims.jti ?? `${claims.sub}:${claims.iat}`}`;
    const recorded = await context.db.query<{ id: string }>(
      `INSERT INTO account.verifications (id, identifier, value, expires_at) VALUES ($1, $1, 'used', to_timestamp($2)) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [once, claims.exp],
    );
    if (recorded.length === 0) context.logger.warn('Google ID token replayed', { sub: claims.sub });
    return recorded.length === 1;
  };
}

/**
 * The address an ID token claims, read without checking it: only a key for the per-account limits
 * (docs/security.md "Per-account limits"), never a reason to trust anything. '' when it names none.
 */
export function readClaimedEmail(token: string): string {
  try {
    const { email } = decodeJwt(token);
    return typeof email === 'string' && email.length <= 254 ? email : '';
  } catch {
    return '';
  }
}
