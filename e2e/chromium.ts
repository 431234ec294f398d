/** Debian's Chromium (package `chromium`): test tools never download a browser of their own here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The journeys' browser: Debian's headless shell of the same Chromium release (package `chromium-headless-shell`),
 * the build Playwright itself runs headless tests in, at less than half the full browser's CPU for a new context and
 * its page (docs/testing.md "The journeys' browser"). The web push and prompts journeys keep the full browser: the
 * shell answers `Notification.permission` with 'denied', so it has no push offer and shows no notification.
 */
export const JOURNEY_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
