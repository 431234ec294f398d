import path from 'node:path';

/** Where the journeys keep their own releases, database and fixtures (never the developer's). */
export const E2E_DIR = path.resolve(import.meta.dirname, '..', '.e2e');
export const E2E_RELEASES_DIR = path.join(E2E_DIR, 'releases');
export const E2E_FIXTURES_FILE = path.join(E2E_DIR, 'fixtures.json');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** An owner's API key (docs/console.md "API keys"), made live in the test site's database before it starts. */
export const E2E_OWNER_KEY = `rk_e2e-owner-${'k'.repeat(30)}`;
/** The journeys start as visitors who already answered the consent question (declined); tracking.spec.ts starts without. */
export const E2E_CONSENT_STATE = {
  cookies: [
    { name: 'rk_consent', value: 'denied', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const },
  ],
  origins: [],
};
/** What the site's own pages send with a state-changing call: calls the journeys make in their name carry it too. */
export const FROM_SITE = { origin: E2E_BASE_URL };
/** The local SMTP server the test site sends its mail to, and where it keeps what it received. */
/**
 * For an answer that comes after the site's proof of work: the browser hashes up to 50,000 numbers before the form
 * posts, which takes seconds, more on a CI machine whose two cores run two journeys and the site.
 */
export const AFTER_CAPTCHA = { timeout: 20_000 };
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_MAILBOX_FILE = path.join(E2E_DIR, 'mailbox.jsonl');
/** The local stand-in for Google sign-in (key set and Identity Services library), and the client id it signs for. */
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 2610);
export const E2E_GOOGLE_URL = `http://127.0.0.1:${E2E_GOOGLE_PORT}`;
export const E2E_GOOGLE_CLIENT_ID = 'e2e-reelkeep.apps.googleusercontent.com';
/** The stand-in Google tag (google-stand-in.ts) the test site loads as its tag analytics. */
export const E2E_TAG_ANALYTICS_URL = `${E2E_GOOGLE_URL}/gtag/js?id=G-E2E0001`;

/** Environment of the test site and of the release commands the journeys run against it. */
/** The captcha key of the test site: the journeys know it, so they can answer the picture question without reading it. */
export const E2E_CAPTCHA_HMAC_KEY = 'e2e-captcha-key-0123456789';

export const E2E_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  SITE_URL: E2E_BASE_URL,
  RELEASES_DIR: E2E_RELEASES_DIR,
  PGLITE_DIR: path.join(E2E_DIR, 'pglite'),
  REGISTRY_POLL_MS: '250',
  REMOTE_LOAD_TIMEOUT_MS: '1500',
  LOG_LEVEL: 'warn',
  NEWSLETTER_RATE_LIMIT: '30',
  ACCOUNT_RATE_LIMIT: '40',
  // The journeys answer the no-JavaScript captcha with this key (answerPictureCaptcha in fixtures.ts), as a person reads the picture.
  CAPTCHA_HMAC_KEY: E2E_CAPTCHA_HMAC_KEY,
  // An easier proof of work than production's 50,000: two journeys at once on a busy CI machine took up to 7 s to solve
  // one, and the journeys test that the captcha is asked and checked, not how long a browser hashes.
  CAPTCHA_MAX_NUMBER: '5000',
  // Attempts on an account under guard wait this long (docs/security.md "Per-account limits"): short, so the guessing journeys stay quick.
  ACCOUNT_GUARD_DELAY_MS: '200',
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
  GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
  GOOGLE_JWKS_URL: `${E2E_GOOGLE_URL}/oauth2/v3/certs`,
  GOOGLE_GSI_URL: `${E2E_GOOGLE_URL}/gsi/client`,
  AB_PLAN_PRICE_OPEN: 'true',
  CHECKOUT_RATE_LIMIT: '200',
  // Every journey loads pages from one address, each sending page views and scroll events.
  TRACKING_RATE_LIMIT: '10000',
  // The tracker's third parties, both on: they run only for visitors who accepted (tracking.spec.ts).
  TAG_ANALYTICS_URL: E2E_TAG_ANALYTICS_URL,
  FINGERPRINT_ENABLED: 'true',
  TRACKING_OUTBOUND_DOMAINS: 'partner.example',
  // docs/push.md "Push services": the journeys' browsers subscribe at a stand-in that never resolves (web-push.spec.ts).
  PUSH_SERVICE_ORIGINS: 'https://push.e2e.invalid',
  // docs/releases.md "Canary": judged on a small sample, in short steps, often, so the canary journeys take seconds.
  CANARY_MIN_REQUESTS: '20',
  CANARY_STEP_MS: '1500',
  CANARY_CHECK_MS: '250',
};

/**
 * Console accounts the setup makes before the site starts (docs/console.md "The first owner" is a CLI that cannot
 * open the embedded database a running site holds): registered with this password, each holding its role, none
 * enrolled in two-factor sign-in yet (the journeys enrol them as an operator does).
 */
export const E2E_CONSOLE_PASSWORD = 'Console2026keep';
export const E2E_CONSOLE_ACCOUNTS = {
  campaignManager: { email: 'campaigns@console.e2e.test', role: 'campaign-manager' },
  support: { email: 'support@console.e2e.test', role: 'support' },
  /** The support agent of the orders journey (console-orders.spec.ts), apart from the campaigns journey's. */
  orders: { email: 'orders@console.e2e.test', role: 'support' },
  /** The owner of the console pages journey (console-pages.spec.ts), apart from the first owner the orders journey enrols. */
  owner: { email: 'pages-owner@console.e2e.test', role: 'owner' },
} as const;

/**
 * The test site's first owner, as a newcomer makes one (docs/console.md "The first owner"): the account is registered
 * (here before the site starts, as a customer, with E2E_CONSOLE_PASSWORD), then `npm run console:owner` makes it an
 * owner while the site is stopped; the journeys enrol it in two-factor sign-in as an operator does.
 */
export const E2E_CONSOLE_OWNER = { email: 'owner@console.e2e.test' } as const;

/** Versions built from altered sources, for the release and failure journeys. */
/** The service the `landingText` release adds to the catalogue: the frame's navigation shows it while that release is live. */
export const RELEASE_MARKER_SERVICE = { slug: 'release-marker', name: 'Release Marker' } as const;

export interface E2EFixtures {
  /** mf-campaign with a visible "new" badge: promote and roll back. */
  campaignNext: string;
  /** mf-blog whose page module throws while loading. */
  blogBroken: string;
  /** mf-landing whose product overview page throws while rendering (the canary journey). */
  landingThrowingOnOneRoute: string;
  /** mf-account whose login loader never answers. */
  accountSlow: string;
  /** mf-checkout whose page throws while rendering. */
  checkoutThrowing: string;
  /** mf-checkout whose offer API adds a field and whose page shows it (a whole slice switching). */
  checkoutNextSlice: string;
  /** mf-checkout whose API needs a setting no instance has: its API fails to load on the server. */
  checkoutUnconfigured: string;
  /** mf-checkout whose API routes never answer. */
  checkoutHanging: string;
  /** mf-checkout with a migration dropping a column the live version uses (promotion refuses it). */
  checkoutDropsColumn: string;
  /** mf-campaign with an additive migration and a route reading the new table. */
  campaignWithMigration: string;
  /** The shell with a new route (`/tour`) and a redirect to it (`/take-the-tour`). */
  shellWithRoute: string;
  /**
   * mf-landing whose only changes are a text of its `landing` namespace (English `heading`) and one more service
   * first in its catalogue's hot group (`RELEASE_MARKER_SERVICE`): a release of words and of navigation.
   */
  landingText: string;
  /** The versions live at start, by app. */
  initial: Record<string, string>;
}
