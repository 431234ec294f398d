import { RELEASE_HEALTH_BEACON_PATH, type BrowserFailure, type ReleaseHealthBeacon } from '@reelkeep/shared-contracts/release-health';

/** Error reporting settings handed to the browser; absent when no DSN is configured (off until keyed: docs/tracking.md "Third parties"). */
export interface ClientMonitoring {
  sentryDsn: string;
  environment: string;
}

type Reporter = (error: unknown, context: Record<string, unknown>) => void;
let reporter: Reporter | undefined;
/** The version of each app this page runs (the remotes it was rendered with, and the shell's). */
const versions = new Map<string, string>();

/**
 * Starts browser error reporting, loaded only when configured: the SDK and its settings are a chunk of their
 * own, never part of the first load (docs/tracking.md "Error reporting").
 */
export async function startClientMonitoring(monitoring: ClientMonitoring | undefined): Promise<void> {
  if (!monitoring) return;
  const { startSentry } = await import('./sentry-start.ts');
  reporter = startSentry(monitoring);
}

const RELEASE_SCRIPT = /\/static\/(shell|mf-[a-z]+)\/([0-9A-Za-z.+-]+)\//;

/**
 * docs/releases.md "Health per version": the page's versions, so its failures count against the version that
 * failed, and a TypeError thrown by a release's script (the `page_type_error` the tracker records) is reported for
 * the app and version its script URL names.
 */
export function watchReleaseHealth(remotes: readonly { name: string; version: string }[], shellVersion?: string): void {
  for (const remote of remotes) versions.set(remote.name, remote.version);
  if (shellVersion) versions.set('shell', shellVersion);
  window.addEventListener('error', (event) => {
    if (!(event.error instanceof TypeError)) return;
    const named = RELEASE_SCRIPT.exec(event.filename ?? '');
    if (named) sendReleaseBeacon(named[1]!, named[2]!, 'type-error');
  });
}

/** Sends one beacon; a browser without `sendBeacon`, or one that refuses it, reports nothing. */
function sendReleaseBeacon(app: string, version: string, failure: BrowserFailure): void {
  const body: ReleaseHealthBeacon = { app: app as ReleaseHealthBeacon['app'], version, failure };
  try {
    navigator.sendBeacon?.(RELEASE_HEALTH_BEACON_PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  } catch {
    // A beacon is best effort: the failure is still logged and reported below.
  }
}

/** The kind of a failure of a remote's region: its chunk did not load, or its page threw into its boundary. */
function classifyFailure(error: unknown, context: Record<string, unknown>): BrowserFailure | undefined {
  if (error instanceof Error && error.name === 'ChunkLoadError') return 'chunk-load';
  if (context.region === 'page') return error instanceof TypeError ? 'type-error' : 'error-boundary';
  return undefined;
}

/**
 * Logs a browser-side failure and reports it when error reporting is on. The tracker reads the log: a
 * TypeError logged here becomes a `page_type_error` event (docs/tracking.md "Errors"). A failure of a remote's
 * region also counts against that remote's version (docs/releases.md "Health per version").
 */
export function reportClientError(error: unknown, context: Record<string, unknown>): void {
  console.error(error);
  reporter?.(error, context);
  const remote = typeof context.remote === 'string' ? context.remote : undefined;
  const failure = classifyFailure(error, context);
  const version = remote ? versions.get(remote) : undefined;
  if (remote && version && failure) sendReleaseBeacon(remote, version, failure);
}
