import type { Outages } from './soak-faults.ts';

/** The soak's page loaders (docs/operations.md "Soak"): pages read through Varnish without a pause, each answer counted. */

/** The pages the loaders ask for, in turn. */
const PAGES = ['/', '/netflix-downloader', '/fr/blog/', '/de/login', '/checkout', '/ja/', '/robots.txt'];
/** How long the soak waits for any answer (a page, an order, a payment). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Counts of one kind of outcome. */
export function createTally() {
  const counts = new Map<string, number>();
  return {
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    get: (key: string) => counts.get(key) ?? 0,
    entries: () => [...counts].sort(),
  };
}

/** A page request that failed outside a Varnish restart, as the soak prints it. */
export interface FailedRequest {
  /** GET by default (the page loaders); the buyers' requests are POSTs. */
  method?: string;
  page: string;
  startedMs: number;
  failedMs: number;
  /** The error's name and message, and its cause's code and message (undici's socket errors are in the cause), or the status answered. */
  error: string;
  /** When the answer's head had arrived before the failure (its body was cut): its status, Varnish's cache outcome and the instance that rendered it. */
  head?: { status: number; cache?: string; backend?: string };
}

/** What a failed fetch says: `TypeError: terminated (UND_ERR_SOCKET: other side closed)`, `TimeoutError: …`. */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause as (Error & { code?: string }) | undefined;
  const causeText = cause instanceof Error ? ` (${[cause.code, cause.message].filter(Boolean).join(': ')})` : '';
  return `${error.name}: ${error.message}${causeText}`;
}

/** The short key a failure is counted under in the page tally: the cause's code, else the error's name. */
function toFailureKey(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'Error';
}

/**
 * Page loaders until `endsAt`, counting in `pages` each answer by class (a 5xx by page, with who answered): a
 * connection refused while Varnish restarts is counted as such, any other failure as a failure of the site.
 */
export function createPageLoaders(options: {
  url: string;
  endsAt: number;
  pages: ReturnType<typeof createTally>;
  outages: Readonly<Outages>;
  note: (line: string) => void;
}) {
  const { pages, outages, note } = options;
  const failures: FailedRequest[] = [];
  const loadPages = async (lane: number) => {
    for (let i = lane; Date.now() < options.endsAt; i += 1) {
      const page = PAGES[i % PAGES.length]!;
      // A body cut while it is read (Varnish stopped under it) fails like a refused connection, never the soak itself.
      const restartsBefore = outages.varnishRestarts;
      const startedMs = Date.now();
      let head: FailedRequest['head'];
      const answer = await fetch(`${options.url}${page}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'manual' })
        .then(async (response) => {
          head = {
            status: response.status,
            cache: response.headers.get('x-cache') ?? undefined,
            backend: response.headers.get('x-edge-backend') ?? undefined,
          };
          const body = await response.text();
          if (response.status >= 500) {
            // Who answered: Varnish's own error page (its backend fetch failed) or an instance.
            const by =
              body.includes('Guru Meditation') || body.includes('Backend fetch failed') ? 'Varnish' : `an instance (${head.backend ?? 'unknown'})`;
            note(`${response.status} ${page} from ${by}`);
          }
          return response.status;
        })
        .catch((error: unknown) => ({ error }));
      if (typeof answer === 'number') pages.add(answer >= 500 ? `${answer} ${page}` : `${Math.floor(answer / 100)}xx`);
      else if (outages.varnishDown || outages.varnishRestarts !== restartsBefore) pages.add('refused while Varnish restarted');
      else {
        failures.push({ page, startedMs, failedMs: Date.now(), error: describeFetchError(answer.error), ...(head ? { head } : {}) });
        pages.add(`${toFailureKey(answer.error)} ${page}`);
      }
    }
  };
  return { loadPages, refusedOutsideRestart: () => failures.length, failures: () => [...failures] };
}
