import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, oneTimeToken, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { AUTH_COOKIE_PREFIX, oncePerContext, toSameSitePath } from '@reelkeep/shared-contracts';
import { CONSOLE_ROLE_PERMISSIONS, CONSOLE_ROLES, CONSOLE_STATEMENTS } from '@reelkeep/shared-contracts/console';
import { accounts, sessions, twoFactors, users, verifications } from './auth-schema.ts';
import { createGoogleVerifier } from './google.ts';
import { sendPasswordMail } from './password-mail.ts';
import type { AccountContext } from './settings.ts';

/** Where better-auth's routes live (the shell mounts everything under /api/account/). */
export const AUTH_BASE_PATH = '/api/account/auth';
/** Minutes a desktop hand-off token stays valid. */
export const HANDOFF_TOKEN_TTL_MIN = 2;
/**
 * A session lasts 1 day from sign-in, the spec's lifetime of its login cookies (docs/accounts.md "Sessions"):
 * the cookie and the stored session end together, and a new sign-in starts a new day.
 */
export const SESSION_TTL_S = 24 * 3600;

/**
 * How a desktop hand-off token is stored (SHA-256, base64url: the plugin's own `hashed` format), so the login
 * page can show whose account a token opens without using it up (docs/security.md "Desktop hand-off").
 */
export function hashHandoffToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The user and address a desktop hand-off token would sign in as (unused, unexpired, its session alive), or null. */
export async function readHandoffAccount(context: Pick<AccountContext, 'db'>, token: string): Promise<{ userId: string; email: string } | null> {
  const [found] = await context.db.query<{ userId: string; email: string }>(
    `SELECT u.id AS "userId", u.email FROM account.verifications v
       JOIN account.sessions s ON s.token = v.value
       JOIN account.users u ON u.id = s.user_id
     WHERE v.identifier = $1 AND v.expires_at > now() AND s.expires_at > now()`,
    [`one-time-token:${hashHandoffToken(token)}`],
  );
  return found ?? null;
}

/** The issuer an authenticator app shows beside the console's TOTP entry. */
export const TOTP_ISSUER = 'ReelKeep console';

/**
 * docs/console.md "Roles": the console's roles as better-auth access-control roles, built from the one table in
 * shared-contracts, so the library's permission check and the host's agree.
 */
function createConsoleRoles() {
  const control = createAccessControl(CONSOLE_STATEMENTS);
  const roles = Object.fromEntries(CONSOLE_ROLES.map((role) => [role, control.newRole(CONSOLE_ROLE_PERMISSIONS[role] as never)]));
  return { control, roles };
}

/** File of the generated auth secret in the squad's state folder. */
const SECRET_FILE = 'auth-secret';

/**
 * The auth secret: AUTH_SECRET, else one generated once and kept in the squad's state folder, so every
 * version of the squad's API (and every restart) signs with the same one.
 */
async function resolveSecret(context: Pick<AccountContext, 'settings' | 'logger' | 'stateDir'>): Promise<string> {
  if (context.settings.AUTH_SECRET) return context.settings.AUTH_SECRET;
  const file = path.join(context.stateDir, SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    context.logger.warn('AUTH_SECRET is not set: generated one in the state folder (set it when several instances serve the site)', { file });
    return secret;
  }
}

/** Creates the better-auth instance on the account schema: e-mail and password, sessions in an HttpOnly cookie. */
export async function createAuth(context: Pick<AccountContext, 'db' | 'site' | 'settings' | 'logger' | 'mailer' | 'stateDir' | 'loadTranslations'>) {
  const secure = new URL(context.site.SITE_URL).protocol === 'https:';
  const googleClientId = context.settings.GOOGLE_CLIENT_ID;
  return betterAuth({
    appName: 'ReelKeep',
    baseURL: context.site.SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret: await resolveSecret(context),
    database: drizzleAdapter(context.db.orm, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      // docs/forms.md "Passwords"; the form endpoints check the character rules before this.
      minPasswordLength: 8,
      maxPasswordLength: 50,
      resetPasswordTokenExpiresIn: 3600,
      // A reset means the old password may be known to someone else: every session of the account ends
      // (docs/security.md "Reset links").
      revokeSessionsOnPasswordReset: true,
      // The link used is spent by the library; every other reset link of the account ends with it, so an older
      // mail (or one an attacker asked for) can no longer choose a password.
      onPasswordReset: async ({ user }) => {
        await context.db.query(`DELETE FROM account.verifications WHERE identifier LIKE 'reset-password:%' AND value = $1`, [user.id]);
      },
      // The link opens the reset page of the visitor's locale with the token; the page's form hands it back to
      // POST /api/account/reset-password, which checks it. The library's own link route is not exposed
      // (docs/security.md "Ways into an account").
      sendResetPassword: async ({ user, url: libraryUrl, token }) => {
        const page = toSameSitePath(new URL(libraryUrl).searchParams.get('callbackURL'), context.site.SITE_URL) ?? '/reset-password';
        const url = new URL(page, context.site.SITE_URL);
        url.search = new URLSearchParams({ token }).toString();
        // An account made at checkout has no password yet: its first mail invites the buyer to choose one.
        const [credential] = await context.db.query('SELECT 1 FROM account.accounts WHERE user_id = $1 AND provider_id = $2', [
          user.id,
          'credential',
        ]);
        // Written in the locale of the page the link opens, which is the locale the request came from (docs/i18n.md "Mails").
        await sendPasswordMail(context, credential ? 'reset' : 'invite', user, url);
      },
    },
    // Google sign-in takes the ID token the browser got from Google (button or One Tap); we verify it ourselves
    // against a configurable key set. No client secret: the redirect flow is never used.
    socialProviders: googleClientId
      ? { google: { clientId: googleClientId, clientSecret: '', verifyIdToken: createGoogleVerifier(context, googleClientId) } }
      : {},
    // Google vouches for the address, so a Google sign-in joins the account already registered with it.
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    // updateAge equal to the lifetime: a session is never stretched past its day (the shell reads sessions on the
    // server and does not pass a refreshed cookie on, so a stretched row would outlive its cookie anyway).
    session: { expiresIn: SESSION_TTL_S, updateAge: SESSION_TTL_S },
    // The site's own limiter guards the forms (memory or Redis, shared by instances).
    rateLimit: { enabled: false },
    trustedOrigins: [new URL(context.site.SITE_URL).origin],
    advanced: { cookiePrefix: AUTH_COOKIE_PREFIX, useSecureCookies: secure, defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure } },
    telemetry: { enabled: false },
    // The desktop hand-off: the signed-in app asks for a token (GET …/one-time-token/generate) and opens the
    // site with it; the token is single-use, lives 2 minutes and is stored hashed. The visitor confirms it on the
    // login page before it is used (docs/security.md "Desktop hand-off").
    plugins: [
      // docs/console.md "Roles": a new account gets the library's default role `user`, which is no console role;
      // the plugin's own routes are not exposed (only the squad's routes are): owners grant roles in the console.
      admin({ ...consoleRoles(), adminRoles: ['owner'] }),
      // docs/console.md "Two-factor sign-in": TOTP with backup codes, required for every console role.
      twoFactor({ issuer: TOTP_ISSUER, skipVerificationOnEnable: false }),
      oneTimeToken({ expiresIn: HANDOFF_TOKEN_TTL_MIN, storeToken: { type: 'custom-hasher', hash: async (token) => hashHandoffToken(token) } }),
    ],
  });
}

function consoleRoles() {
  const { control, roles } = createConsoleRoles();
  return { ac: control, roles };
}

/** The auth instance. */
export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** Where a context keeps its auth instance while it is made or once it is. */
const authSlot = oncePerContext((_context: AccountContext): { auth?: Promise<Auth> } => ({}));

/**
 * The auth instance of a context, created on first use: one per loaded version of the squad's API, so two
 * versions never share one. A failed creation is forgotten, so the next request tries again.
 */
export function getAuth(context: AccountContext): Promise<Auth> {
  const slot = authSlot(context);
  if (!slot.auth) {
    const auth = createAuth(context);
    slot.auth = auth;
    auth.catch(() => {
      if (slot.auth === auth) slot.auth = undefined;
    });
  }
  return slot.auth;
}
