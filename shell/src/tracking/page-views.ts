import { createEventSender, type EventSender, type TrackedPage } from './event-sender.ts';
import type { TrackerEnvironment } from './tracker-environment.ts';
import { createVisitorIdentity, type VisitorIdentity } from './visitor-identity.ts';

export interface PageViewsOptions {
  locale: string;
  /** docs/tracking.md "Envelope": `#dev=1` sends plain data (`mode` 1). */
  devMode: boolean;
  /** The experiment variants the server assigned (the store's `ab` values): every event's `ab_try_list`. */
  readAbValues: () => Readonly<Record<string, string>>;
  env: TrackerEnvironment;
  /** Makes the per-page id and a consenting visitor's id (the browser's `crypto.randomUUID`). */
  randomId?: () => string;
}

/** What the tracker does for a page view besides sending it (its interactions, the category cookie). */
export interface PageViewWork {
  /** Another page than the one before is on screen (a client navigation). */
  changed: boolean;
}

/**
 * The page views of one document, and the parts every other event shares with them (docs/tracking.md "Page views"):
 * part of the page's first load, so a visit that ends before the start of the page is over still counts. The tracker,
 * loaded after the start, takes them over: it sends its events with the same per-page id and numbering, and never
 * sends a page view this has sent.
 */
export interface PageViews {
  /**
   * A page is on screen (the first load, each client navigation): sends its `page_view` unless that page was already
   * counted (a jump to a `#heading` is not another page). Returns whether it sent one.
   */
  pageView(): boolean;
  /** Whether a page of this document has been counted. */
  viewed(): boolean;
  /** The tracker's own work for each page view, done before the view is sent. */
  onPageView(work: (view: PageViewWork) => void): void;
  /** Where the categories of the page on screen come from once the tracker knows them. */
  readCategoriesFrom(pageCategories: () => string[]): void;
  readonly visitor: VisitorIdentity;
  readonly sender: EventSender;
}

const withoutFragment = (href: string) => href.split('#')[0];

/**
 * Counts the document's page views: by beacon (cookieless, before consent and under Global Privacy Control), or by
 * POST for a consenting visitor's first view, whose answer brings the identifiers (docs/tracking.md "Envelope").
 */
export function createPageViews({
  locale,
  devMode,
  readAbValues,
  env,
  randomId = () => globalThis.crypto.randomUUID(),
}: PageViewsOptions): PageViews {
  const pageId = `anon-${randomId()}`;
  const page: TrackedPage = { currentUrl: env.window.location.href, previousUrl: env.document.referrer };
  const visitor = createVisitorIdentity(env, pageId, randomId);
  let pageCategories = (): string[] => [];
  const sender = createEventSender({ env, visitor, page, pageId, locale, devMode, readAbValues, pageCategories: () => pageCategories() });
  let viewed = false;
  let work: (view: PageViewWork) => void = () => undefined;

  return {
    pageView() {
      const href = env.window.location.href;
      // A jump within the page (a table of contents, a `#fragment`) is not another page.
      if (viewed && withoutFragment(href) === withoutFragment(page.currentUrl)) return false;
      viewed = true;
      const changed = href !== page.currentUrl;
      if (changed) {
        page.previousUrl = page.currentUrl;
        page.currentUrl = href;
      }
      work({ changed });
      visitor.rememberPath();
      // The first view of a consenting visitor asks for the identifiers; the others go by beacon.
      sender.send({ ...sender.baseData(), event: 'page_view' }, visitor.consented() && !visitor.readOwn('SID'));
      return true;
    },
    viewed: () => viewed,
    onPageView(next) {
      work = next;
    },
    readCategoriesFrom(next) {
      pageCategories = next;
    },
    visitor,
    sender,
  };
}
