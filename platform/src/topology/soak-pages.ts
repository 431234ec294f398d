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
  let refusedOutsideRestart = 0;
  const loadPages = async (lane: number) => {
    for (let i = lane; Date.now() < options.endsAt; i += 1) {
      const page = PAGES[i % PAGES.length]!;
      // A body cut while it is read (Varnish stopped under it) fails like a refused connection, never the soak itself.
      const restartsBefore = outages.varnishRestarts;
      const answer = await fetch(`${options.url}${page}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'manual' })
        .then(async (response) => {
          const body = await response.text();
          if (response.status >= 500) {
            // Who answered: Varnish's own error page (its backend fetch failed) or an instance.
            const by = body.includes('Guru Meditation') || body.includes('Backend fetch failed') ? 'Varnish' : 'an instance';
            note(`${response.status} ${page} from ${by}`);
          }
          return response.status;
        })
        .catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name);
      if (typeof answer === 'number') pages.add(answer >= 500 ? `${answer} ${page}` : `${Math.floor(answer / 100)}xx`);
      else if (outages.varnishDown || outages.varnishRestarts !== restartsBefore) pages.add('refused while Varnish restarted');
      else {
        refusedOutsideRestart += 1;
        pages.add(`${answer} ${page}`);
      }
    }
  };
  return { loadPages, refusedOutsideRestart: () => refusedOutsideRestart };
}
