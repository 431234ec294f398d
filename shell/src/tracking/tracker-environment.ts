/** What the tracker reads of the browser; a test passes its own. */
export interface TrackerEnvironment {
  document: Document;
  window: Window;
  navigator: Navigator & { globalPrivacyControl?: boolean };
  fetch: typeof fetch;
  /** Absent in old browsers: then nothing is exposed. */
  IntersectionObserver?: typeof IntersectionObserver | undefined;
  MutationObserver?: typeof MutationObserver | undefined;
  /** Where the page logs the errors its boundaries catch (docs/tracking.md "Errors"). */
  console?: Pick<Console, 'error'> | undefined;
}

/** The browser itself, for the tracker in a page. */
export function readBrowserEnvironment(): TrackerEnvironment {
  return {
    document,
    window,
    navigator,
    fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
    IntersectionObserver: globalThis.IntersectionObserver,
    MutationObserver: globalThis.MutationObserver,
    console: globalThis.console,
  };
}
