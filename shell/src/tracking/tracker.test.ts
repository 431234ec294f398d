/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { decodeTrackingData, emitSiteEvent, TRACKING_ENDPOINT, type TrackingData, type TrackingEnvelope } from '@reelkeep/shared-contracts';
import { createTracker, type TrackerEnvironment } from './tracker.ts';

interface Sent {
  via: 'beacon' | 'fetch';
  envelope: TrackingEnvelope;
  data: TrackingData;
}

/** A browser around jsdom's document: a location we choose, a beacon and a fetch that record what they get. */
function fakeBrowser({ href = 'http://localhost/netflix-downloader', gpc = false, scrollHeight = 2000 } = {}) {
  const sent: Sent[] = [];
  const listeners = new Map<string, EventListener>();
  const win = {
    location: new URL(href),
    innerWidth: 1280,
    innerHeight: 400,
    scrollY: 0,
    addEventListener: (type: string, listener: EventListener) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    },
  };
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: scrollHeight });
  const record = (via: Sent['via'], body: string) => {
    const envelope = JSON.parse(body) as TrackingEnvelope;
    sent.push({ via, envelope, data: decodeTrackingData(envelope) as TrackingData });
  };
  const pending: Promise<unknown>[] = [];
  const environment = {
    document,
    window: win as unknown as Window,
    navigator: {
      globalPrivacyControl: gpc,
      sendBeacon: (url: string, body: Blob) => {
        expect(url).toBe(TRACKING_ENDPOINT);
        // jsdom's Blob has no text(); its FileReader reads it.
        pending.push(
          new Promise<void>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(record('beacon', String(reader.result)));
            reader.readAsText(body);
          }),
        );
        return true;
      },
    } as unknown as TrackerEnvironment['navigator'],
    fetch: (async (url: string, init: RequestInit) => {
      expect(url).toBe(TRACKING_ENDPOINT);
      record('fetch', String(init.body));
      const answer = {
        cscode: 0,
        data: {
          doc_id: '7',
          visit_timestamp: 1_790_000_000_000,
          tmp_token_id: 'tid-12345678',
          s_id: 'sid-12345678',
          s_expiration: Date.now() + 1_800_000,
        },
      };
      // jsdom has no Response: what the tracker reads of one.
      return { ok: true, json: async () => answer } as unknown as Response;
    }) as unknown as typeof fetch,
  } satisfies TrackerEnvironment;
  const settle = async () => {
    await Promise.all(pending);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const scrollTo = (y: number) => {
    win.scrollY = y;
    listeners.get('scroll')!(new Event('scroll'));
  };
  return { sent, environment, settle, scrollTo, win };
}

function clearCookies() {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}
afterEach(() => {
  clearCookies();
  document.body.innerHTML = '';
});

describe('tracker', () => {
  it('is cookieless until the visitor consents: a per-page id, no identifiers, no cookies', async () => {
    const browser = fakeBrowser({ href: 'http://localhost/my-account?client_e=YW5h&source=redeem_approved' });
    const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
    tracker.pageView();
    tracker.track('custom', { event_label: 'x' });
    await browser.settle();
    expect(tracker.consent()).toBe('unknown');
    expect(document.cookie).toBe('');
    expect(browser.sent.map((entry) => entry.via)).toEqual(['beacon', 'beacon']);
    const [view, custom] = browser.sent;
    expect(view!.envelope.upload_id).toMatch(/^anon-[\w-]+-[0-9a-f]{8}$/);
    expect(custom!.envelope.upload_id.split('-').slice(0, -1).join('-')).toBe(view!.envelope.upload_id.split('-').slice(0, -1).join('-'));
    expect(view!.data).toMatchObject({
      event: 'page_view',
      url: 'http://localhost/my-account?source=redeem_approved',
      lang_domain: 'en',
      web_version: '2.2.3',
      xargs_request_type: 'send_beacon',
      viewport_width: 1280,
    });
    expect(view!.data).not.toHaveProperty('tmp_token_id');
  });

  it('with consent keeps a GUID, asks the server for its identifiers once, and stores them in cookies', async () => {
    document.cookie = 'rk_consent=granted; Path=/';
    const browser = fakeBrowser();
    const tracker = createTracker({ locale: 'fr', devMode: false, environment: browser.environment });
    tracker.pageView();
    await browser.settle();
    const guid = /_EA_GUID=([\w-]+)/.exec(document.cookie)?.[1];
    expect(guid).toBeDefined();
    expect(browser.sent[0]).toMatchObject({ via: 'fetch', data: { event: 'page_view', xargs_request_type: 'axios' } });
    expect(browser.sent[0]!.envelope.upload_id.startsWith(`${guid}-`)).toBe(true);
    expect(document.cookie).toContain('_EA_TID=tid-12345678');
    expect(document.cookie).toContain('_EA_SID=sid-12345678');
    expect(document.cookie).toContain('_EA_VT_TS=1790000000000');
    expect(decodeURIComponent(document.cookie)).toContain('_EA_PATH_TRK=/netflix-downloader');

    browser.win.location = new URL('http://localhost/fr/blog');
    tracker.pageView();
    await browser.settle();
    expect(browser.sent[1]).toMatchObject({
      via: 'beacon',
      data: {
        event: 'page_view',
        url: 'http://localhost/fr/blog',
        referer_url: 'http://localhost/netflix-downloader',
        tmp_token_id: 'tid-12345678',
        s_id: 'sid-12345678',
      },
    });
    expect(decodeURIComponent(document.cookie)).toContain('_EA_PATH_TRK=/fr/blog,/netflix-downloader');
  });

  it('uses the _T_EA prefix on test hosts and sends plain data in dev mode', async () => {
    document.cookie = 'rk_consent=granted; Path=/';
    const browser = fakeBrowser({ href: 'http://localhost/' });
    browser.win.location = {
      ...new URL('http://www.test.reelkeep.com/'),
      hostname: 'www.test.reelkeep.com',
      href: 'http://www.test.reelkeep.com/',
      protocol: 'http:',
      pathname: '/',
    } as unknown as URL;
    const tracker = createTracker({ locale: 'en', devMode: true, environment: browser.environment });
    tracker.track('custom');
    await browser.settle();
    expect(document.cookie).toMatch(/_T_EA_GUID=/);
    expect(browser.sent[0]!.envelope.mode).toBe(1);
    expect(JSON.parse(browser.sent[0]!.envelope.data)).toMatchObject({ event: 'custom' });
  });

  it('treats Global Privacy Control as a refusal even with a consent cookie', async () => {
    document.cookie = 'rk_consent=granted; Path=/';
    const browser = fakeBrowser({ gpc: true });
    const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
    tracker.pageView();
    await browser.settle();
    expect(tracker.consent()).toBe('denied');
    expect(document.cookie).not.toContain('_EA_');
    expect(browser.sent[0]!.envelope.upload_id).toMatch(/^anon-/);
  });

  it('removes its cookies when the visitor declines', () => {
    const browser = fakeBrowser();
    const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
    tracker.setConsent('granted');
    tracker.track('custom');
    expect(document.cookie).toContain('_EA_GUID=');
    tracker.setConsent('denied');
    expect(tracker.consent()).toBe('denied');
    expect(document.cookie).not.toContain('_EA_');
    expect(document.cookie).toContain('rk_consent=denied');
  });

  it.each([
    ['https:', true],
    ['http:', false],
  ])('writes the consent and _EA_* cookies with Secure exactly when the page is on %s', async (protocol, secure) => {
    // A document that records each cookie write as written (jsdom would drop Secure cookies on its http page).
    const written: string[] = [];
    let jar = '';
    const recording = {
      documentElement: document.documentElement,
      referrer: '',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        written.push(value);
        const [pair] = value.split(';');
        jar = [...jar.split('; ').filter((entry) => entry && entry.split('=')[0] !== pair!.split('=')[0]), pair].join('; ');
      },
    } as unknown as Document;
    const browser = fakeBrowser({ href: `${protocol}//reelkeep.example/netflix-downloader` });
    const tracker = createTracker({ locale: 'en', devMode: false, environment: { ...browser.environment, document: recording } });
    tracker.setConsent('granted');
    tracker.pageView();
    await browser.settle();
    tracker.setConsent('denied');
    const names = written.map((cookie) => cookie.split('=')[0]);
    expect(new Set(names)).toEqual(new Set(['rk_consent', '_EA_GUID', '_EA_PATH_TRK', '_EA_TID', '_EA_SID', '_EA_VT_TS']));
    for (const cookie of written) expect(cookie.split('; ').includes('Secure')).toBe(secure);
  });

  it('records each scroll threshold once, the highest reached', async () => {
    const browser = fakeBrowser({ scrollHeight: 2000 });
    const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
    const stop = tracker.start();
    for (const y of [0, 500, 450, 1250, 1600, 1600]) browser.scrollTo(y);
    stop();
    await browser.settle();
    // 400 px of viewport: 20 %, then 45 % → 40, back up (nothing), 82.5 % → 80, 100 %.
    expect(browser.sent.map((entry) => entry.data.highest_page_viewed_percent)).toEqual([20, 40, 80, 100]);
    expect(browser.sent.every((entry) => entry.data.event === 'page_scroll')).toBe(true);
  });

  it('counts download and buy links, once per 2 s each, and events asked for by remotes', async () => {
    const browser = fakeBrowser();
    const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
    const stop = tracker.start();
    document.body.innerHTML =
      '<a id="dl" href="/mlink?p=reelkeep-setup.exe">Download for Windows</a><a id="buy" href="/fr/checkout?pid=10721">Acheter</a><a id="other" href="/blog">Blog</a>';
    for (const id of ['dl', 'dl', 'buy', 'other']) document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    emitSiteEvent('trackRequested', { event: 'subscribe', event_category: 'newsletter' });
    stop();
    emitSiteEvent('trackRequested', { event: 'subscribe' });
    await browser.settle();
    expect(browser.sent.map(({ data }) => [data.event, data.event_target ?? data.event_category, data.event_label])).toEqual([
      ['download', '/mlink?p=reelkeep-setup.exe', 'Download for Windows'],
      ['buy_now', '/fr/checkout?pid=10721', 'Acheter'],
      ['subscribe', 'newsletter', undefined],
    ]);
  });
});
