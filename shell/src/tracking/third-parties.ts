/** Marks the tag-analytics script element, so it is added once. */
const TAG_SCRIPT_ATTRIBUTE = 'data-tag-analytics';

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Adds the configured tag-analytics script (docs/tracking.md "Third parties"), once. A Google tag
 * (`…/gtag/js?id=G-…`) is configured with its id the way its own snippet does, without an inline script.
 */
export function loadTagAnalytics(doc: Document, scriptUrl: string): void {
  if (doc.querySelector(`script[${TAG_SCRIPT_ATTRIBUTE}]`)) return;
  const win = doc.defaultView as TagWindow | null;
  const tagId = new URL(scriptUrl, doc.baseURI).searchParams.get('id');
  if (win) {
    win.dataLayer = win.dataLayer ?? [];
    const dataLayer = win.dataLayer;
    win.gtag = function gtag() {
      // The tag reads `arguments` objects from its data layer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
    if (tagId) win.gtag('config', tagId);
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.setAttribute(TAG_SCRIPT_ATTRIBUTE, '');
  doc.head.append(script);
}

/**
 * The browser's fingerprint (FingerprintJS, bundled in this chunk: nothing is fetched). The library keeps its
 * monitoring on, which reports 0.1 % of loads to its makers (docs/tracking.md "Third parties").
 */
export async function computeFingerprint(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load();
  return (await agent.get()).visitorId;
}
