/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { decodeTrackingData, emitSiteEvent, TRACKING_ENDPOINT, type TrackingData, type TrackingEnvelope } from '@reelkeep/shared-contracts';
import { createTracker, type ThirdPartyLoaders, type TrackerEnvironment } from './tracker.ts';
import { createPageViews } from './page-views.ts';

interface Sent {
  via: 'beacon' | 'fetch';
  envelope: TrackingEnvelope;
  data: TrackingData;
}

/** A browser around jsdom's document: a location we choose, a beacon and a fetch that record what they get. */
function fakeBrowser({ href = 'http://localhost/netflix-downloader', gpc = false, scrollHeight = 2000 } = {}) {
  const sent: Sent[] = [];
  /** Other same-site calls the tracker made (the category list, the category cookie). */
  const called: string[] = [];
  /** The exposure observer's callback and what it watches: a test says what is on screen. */
  const intersection = { callback: null as IntersectionObserverCallback | null, watched: new Set<Element>(), thresholds: [] as number[] };
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
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: number) => clearTimeout(id),
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
    IntersectionObserver: class {
      constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit) {
        intersection.callback = callback;
        intersection.thresholds = [options.threshold ?? []].flat();
      }
      observe(element: Element) {
        intersection.watched.add(element);
      }
      unobserve(element: Element) {
        intersection.watched.delete(element);
      }
      disconnect() {
        intersection.watched.clear();
      }
    } as unknown as typeof IntersectionObserver,
    MutationObserver,
    console: undefined as TrackerEnvironment['console'],
    fetch: (async (url: string, init: RequestInit) => {
      if (url !== TRACKING_ENDPOINT) {
        called.push(url);
        const answer = url.startsWith('/category/list') ? { cscode: 200, data: [{ uid: 'hot', children: [{ uid: 'netflix' }] }] } : { cscode: 200 };
        return { ok: true, json: async () => answer } as unknown as Response;
      }
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
  /** Shows `element` at `ratio` visible to the exposure observer (only if it watches it). */
  const show = (element: Element, ratio: number) => {
    if (intersection.watched.has(element))
      intersection.callback!(
        [{ target: element, intersectionRatio: ratio, isIntersecting: ratio > 0 } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
  };
  return { sent, called, environment, settle, scrollTo, win, show, intersection };
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

  it('gives two sends of the same data two upload ids (a click again after 2 s, a reload), so the server keeps both', async () => {
    document.cookie = 'rk_consent=granted; Path=/';
    const ids: string[] = [];
    for (let load = 0; load < 2; load += 1) {
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      tracker.track('custom', { event_label: 'same' });
      tracker.track('custom', { event_label: 'same' });
      await browser.settle();
      ids.push(...browser.sent.map((entry) => entry.envelope.upload_id));
    }
    expect(new Set(ids).size).toBe(4);
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

  describe('spec: download report carries app id, package name and install data', () => {
    it.each([
      [
        'the build its page names and the link',
        `<a id="dl" href="/mlink?p=reelkeep.dmg" data-track-install='{"package_name":"com.reelkeep.aio.mac","app_id":"aio-mac","pid":1001}'>Mac</a>`,
        { package_name: 'com.reelkeep.aio.mac', app_id: 'aio-mac', pid: 1001, download_url: '/mlink?p=reelkeep.dmg' },
      ],
      [
        'only the link when the page names no build',
        '<a id="dl" href="/mlink?p=reelkeep-setup.exe">Windows</a>',
        { download_url: '/mlink?p=reelkeep-setup.exe' },
      ],
      [
        'nothing a page puts there beyond the expected form',
        `<a id="dl" href="/mlink?p=reelkeep-setup.exe" data-track-install='{"package_name":"<script>","app_id":"x y","pid":-1,"email":"a@b.c"}'>Windows</a>`,
        { download_url: '/mlink?p=reelkeep-setup.exe' },
      ],
      [
        'nothing from a malformed attribute',
        `<a id="dl" href="/mlink?p=reelkeep-setup.exe" data-track-install="{oops">W</a>`,
        { download_url: '/mlink?p=reelkeep-setup.exe' },
      ],
      [
        'the same on a tracked container',
        `<div data-track-click="hero"><a id="dl" href="/mlink?p=reelkeep.dmg" data-track-install='{"package_name":"com.reelkeep.aio.mac","app_id":"aio-mac","pid":1001}'>Mac</a></div>`,
        { package_name: 'com.reelkeep.aio.mac', app_id: 'aio-mac', pid: 1001, download_url: '/mlink?p=reelkeep.dmg' },
      ],
    ])('a download click sends install data: %s', async (_case, html, install) => {
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      const stop = tracker.start();
      document.body.innerHTML = html;
      document.getElementById('dl')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      stop();
      await browser.settle();
      expect(browser.sent.map(({ data }) => [data.event, data.install])).toEqual([['download', install]]);
    });

    it('sends no install data with other clicks', async () => {
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      const stop = tracker.start();
      document.body.innerHTML = `<a id="buy" href="/checkout" data-track-install='{"app_id":"aio-win"}'>Buy</a>`;
      document.getElementById('buy')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      stop();
      await browser.settle();
      expect(browser.sent.map(({ data }) => [data.event, data.install])).toEqual([['buy_now', undefined]]);
    });
  });

  describe('tracked elements (docs/tracking.md "Clicks, hovers and exposures")', () => {
    afterEach(() => {
      jest.useRealTimers();
    });
    const click = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const summary = (sent: Sent[]) => sent.map(({ data }) => [data.event, data.event_label, data.event_category, data.event_target]);

    it("counts a tracked element's clicks once per 2 s, each element on its own, with its event, label and category", async () => {
      jest.useFakeTimers({ now: 50_000, doNotFake: ['queueMicrotask', 'nextTick'] });
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      const stop = tracker.start();
      document.body.innerHTML = `
        <button id="plan" data-track-click="plan_1y" data-track-category="pricing">Buy</button>
        <aside data-track-click="toc" data-track-event="guide_jump"><a id="jump" href="#step-2">Step 2</a></aside>
        <div data-track-click="odd" data-track-event="logout"><span id="odd">x</span></div>`;
      const plan = document.getElementById('plan')!;
      click(plan);
      jest.advanceTimersByTime(1_999);
      click(plan);
      click(document.getElementById('jump')!);
      jest.advanceTimersByTime(1);
      click(plan);
      click(document.getElementById('odd')!);
      stop();
      jest.useRealTimers();
      await browser.settle();
      expect(summary(browser.sent)).toEqual([
        ['click', 'plan_1y', 'pricing', undefined],
        ['guide_jump', 'toc', undefined, '/netflix-downloader#step-2'],
        ['click', 'plan_1y', 'pricing', undefined],
        // Only the click events can be named by an element: an account event cannot be forged.
        ['click', 'odd', undefined, undefined],
      ]);
    });

    it('counts a hover once the pointer has stayed 300 ms, never a pass-over', async () => {
      jest.useFakeTimers({ now: 50_000, doNotFake: ['queueMicrotask', 'nextTick'] });
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      const stop = tracker.start();
      document.body.innerHTML = '<a id="cta" data-track-hover="article_cta" href="/downloading"><span id="inner">Get it</span></a><p id="away">x</p>';
      const cta = document.getElementById('cta')!;
      const inner = document.getElementById('inner')!;
      const away = document.getElementById('away')!;
      inner.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      jest.advanceTimersByTime(299);
      inner.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: away }));
      jest.advanceTimersByTime(1_000);
      expect(browser.sent).toHaveLength(0);

      cta.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      jest.advanceTimersByTime(100);
      // Moving onto a child is not leaving.
      cta.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: inner }));
      jest.advanceTimersByTime(200);
      stop();
      jest.useRealTimers();
      await browser.settle();
      expect(summary(browser.sent)).toEqual([['hover', 'article_cta', undefined, '/downloading']]);
    });

    it('counts an exposure at half visible, once per element and page, and again on the next page', async () => {
      const browser = fakeBrowser();
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      document.body.innerHTML = '<aside id="cta" data-track-exposure="article_cta"><a href="/downloading">Get it</a></aside>';
      const stop = tracker.start();
      tracker.pageView();
      expect(browser.intersection.thresholds).toEqual([0.5]);
      const cta = document.getElementById('cta')!;
      browser.show(cta, 0.3);
      browser.show(cta, 0.6);
      browser.show(cta, 1);
      // An element added later (a client navigation, a late region) is watched as well.
      const late = document.createElement('div');
      late.setAttribute('data-track-exposure', 'late_banner');
      document.body.append(late);
      await new Promise((resolve) => setTimeout(resolve, 0));
      browser.show(late, 0.5);
      // A jump within the page is the same page: nothing counts again.
      browser.win.location = new URL('http://localhost/netflix-downloader#faq');
      tracker.pageView();
      browser.show(cta, 0.9);
      browser.win.location = new URL('http://localhost/fr/blog');
      tracker.pageView();
      browser.show(cta, 0.9);
      stop();
      await browser.settle();
      expect(summary(browser.sent.filter(({ data }) => data.event === 'exposure'))).toEqual([
        ['exposure', 'article_cta', undefined, '/downloading'],
        ['exposure', 'late_banner', undefined, undefined],
        ['exposure', 'article_cta', undefined, '/downloading'],
      ]);
      expect(browser.sent.filter(({ data }) => data.event === 'page_view').map(({ data }) => data.url)).toEqual([
        'http://localhost/netflix-downloader',
        'http://localhost/fr/blog',
      ]);
    });

    it('reports a client TypeError once per message and page, and nothing for other errors', async () => {
      const browser = fakeBrowser();
      const logged: unknown[][] = [];
      const console = { error: (...args: unknown[]) => void logged.push(args) };
      browser.environment.console = console;
      const listeners = new Map<string, EventListener>();
      browser.win.addEventListener = (type: string, listener: EventListener) => listeners.set(type, listener);
      const tracker = createTracker({ locale: 'en', devMode: false, environment: browser.environment });
      const stop = tracker.start();
      const fail = (error: unknown) =>
        listeners.get('error')!({ error, filename: 'http://localhost/static/shell/1.js?token=secret' } as unknown as Event);
      fail(new TypeError("Cannot read properties of undefined (reading 'price')"));
      fail(new TypeError("Cannot read properties of undefined (reading 'price')"));
      fail(new RangeError('Invalid array length'));
      listeners.get('unhandledrejection')!({ reason: new TypeError('x is not a function') } as unknown as Event);
      // What an error boundary caught is only logged.
      console.error(new TypeError('rendered: y is undefined'), { region: 'page' });
      console.error('not an error');
      stop();
      console.error(new TypeError('after the tracker stopped'));
      await browser.settle();
      expect(summary(browser.sent)).toEqual([
        ['page_type_error', "Cannot read properties of undefined (reading 'price')", undefined, 'http://localhost/static/shell/1.js'],
        ['page_type_error', 'x is not a function', undefined, undefined],
        ['page_type_error', 'rendered: y is undefined', undefined, undefined],
      ]);
      // The log itself is untouched.
      expect(logged.map((args) => args.length)).toEqual([2, 1, 1]);
    });
  });

  describe('outbound links, categories and experiments', () => {
    const settings = { outboundDomains: ['reelkeep-help.com'] };

    it('gives links to configured domains the source, and with consent the visitor and session', async () => {
      document.body.innerHTML =
        '<a id="help" href="https://docs.reelkeep-help.com/start">Help</a><a id="other" href="https://example.com/">Other</a>';
      const anonymous = fakeBrowser({ href: 'http://localhost/fr/netflix-downloader?email=a@b.c' });
      const first = createTracker({ locale: 'fr', devMode: false, settings, environment: anonymous.environment });
      let stop = first.start();
      document.getElementById('help')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      document.getElementById('other')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      stop();
      expect(document.getElementById('help')!.getAttribute('href')).toBe('https://docs.reelkeep-help.com/start?_csrc_=%2Ffr%2Fnetflix-downloader');
      expect(document.getElementById('other')!.getAttribute('href')).toBe('https://example.com/');

      document.cookie = 'rk_consent=granted; Path=/';
      document.cookie = '_EA_GUID=guid-12345678; Path=/';
      document.cookie = '_EA_SID=sid-12345678; Path=/';
      const consenting = fakeBrowser({ href: 'http://localhost/fr/netflix-downloader' });
      stop = createTracker({ locale: 'fr', devMode: false, settings, environment: consenting.environment }).start();
      document.getElementById('help')!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
      stop();
      expect(document.getElementById('help')!.getAttribute('href')).toBe(
        'https://docs.reelkeep-help.com/start?_cut_=guid-12345678&_cus_=sid-12345678&_csrc_=%2Ffr%2Fnetflix-downloader',
      );
    });

    it("with consent asks for the categories and marks the visitor with the page's for a day; without, asks nothing", async () => {
      const anonymous = fakeBrowser({ href: 'http://localhost/fr/netflix-downloader' });
      createTracker({ locale: 'fr', devMode: false, environment: anonymous.environment }).pageView();
      await anonymous.settle();
      expect(anonymous.called).toEqual([]);

      document.cookie = 'rk_consent=granted; Path=/';
      const browser = fakeBrowser({ href: 'http://localhost/fr/netflix-downloader' });
      const tracker = createTracker({ locale: 'fr', devMode: false, environment: browser.environment });
      tracker.pageView();
      await browser.settle();
      await browser.settle();
      expect(browser.called).toEqual([
        '/category/list?language=fr&origin_url=%2Ffr%2Fnetflix-downloader',
        '/cookie_set?review_category_page_new=hot%2Cnetflix',
      ]);
      tracker.track('custom');
      await browser.settle();
      expect(browser.sent.at(-1)!.data).toMatchObject({ event: 'custom', elk_category_id: 'netflix' });
    });

    it('lists the experiments the visitor is in (ab_try_list) on every event, consent or not', async () => {
      document.cookie = 'sidebarAB=b; Path=/';
      const browser = fakeBrowser({ href: 'http://localhost/netflix-downloader' });
      const tracker = createTracker({
        locale: 'en',
        devMode: false,
        readAbValues: () => ({ abPlanPrice: 'price_a' }),
        environment: browser.environment,
      });
      tracker.pageView();
      await browser.settle();
      expect(browser.sent[0]!.data.ab_try_list).toEqual([
        { key: 'netflix_price', version: 'v1', value: 'price_a', expire_day: 10 },
        { key: 'sidebarAB', version: 'v1', value: 'b', expire_day: 30 },
      ]);
    });
  });

  describe('page views before the tracker (docs/tracking.md "Page views")', () => {
    const countViews = (browser: ReturnType<typeof fakeBrowser>, readAbValues = () => ({})) =>
      createPageViews({ locale: 'en', devMode: false, readAbValues, env: browser.environment });

    it('counts the page at once, cookieless, with its experiments: a visit that leaves before the tracker still counts', async () => {
      const browser = fakeBrowser({ href: 'http://localhost/netflix-downloader?email=a@b.c' });
      const views = countViews(browser, () => ({ abPlanPrice: 'price_b' }));
      expect(views.pageView()).toBe(true);
      // The same page again (a render, a `#heading`) is not another view.
      browser.win.location = new URL('http://localhost/netflix-downloader?email=a@b.c#step-2');
      expect(views.pageView()).toBe(false);
      await browser.settle();
      expect(browser.sent).toHaveLength(1);
      expect(browser.sent[0]).toMatchObject({
        via: 'beacon',
        data: {
          event: 'page_view',
          url: 'http://localhost/netflix-downloader',
          xargs_request_type: 'send_beacon',
          ab_try_list: [{ key: 'netflix_price', version: 'v1', value: 'price_b', expire_day: 10 }],
        },
      });
      expect(browser.sent[0]!.envelope.upload_id).toMatch(/^anon-/);
      expect(document.cookie).toBe('');
    });

    it('gives a consenting visitor their identifiers from the first view, as the tracker did', async () => {
      document.cookie = 'rk_consent=granted; Path=/';
      const browser = fakeBrowser();
      countViews(browser).pageView();
      await browser.settle();
      const guid = /_EA_GUID=([\w-]+)/.exec(document.cookie)?.[1];
      expect(browser.sent[0]).toMatchObject({ via: 'fetch', data: { event: 'page_view', xargs_request_type: 'axios' } });
      expect(browser.sent[0]!.envelope.upload_id.startsWith(`${guid}-`)).toBe(true);
      expect(document.cookie).toContain('_EA_SID=sid-12345678');
      expect(decodeURIComponent(document.cookie)).toContain('_EA_PATH_TRK=/netflix-downloader');
    });

    it('never throws into the page when the browser cannot send (no beacon, no fetch): the view is dropped', () => {
      const browser = fakeBrowser();
      const environment = {
        ...browser.environment,
        navigator: { globalPrivacyControl: false } as unknown as TrackerEnvironment['navigator'],
        fetch: (() => {
          throw new ReferenceError('fetch is not defined');
        }) as unknown as typeof fetch,
      };
      const views = createPageViews({ locale: 'en', devMode: false, readAbValues: () => ({}), env: environment });
      expect(views.pageView()).toBe(true);
      expect(browser.sent).toEqual([]);
    });

    it('stays cookieless under Global Privacy Control, consent cookie or not', async () => {
      document.cookie = 'rk_consent=granted; Path=/';
      const browser = fakeBrowser({ gpc: true });
      countViews(browser).pageView();
      await browser.settle();
      expect(browser.sent[0]).toMatchObject({ via: 'beacon', data: { event: 'page_view' } });
      expect(browser.sent[0]!.envelope.upload_id).toMatch(/^anon-/);
      expect(document.cookie).not.toContain('_EA_');
    });

    it('hands them to the tracker: the page counted once, its events on the same page id, the next page counted by the tracker', async () => {
      document.cookie = 'rk_consent=granted; Path=/';
      document.cookie = '_EA_SID=sid-12345678; Path=/';
      const browser = fakeBrowser({ href: 'http://localhost/fr/netflix-downloader' });
      const views = countViews(browser);
      views.pageView();
      const tracker = createTracker({ locale: 'fr', devMode: false, environment: browser.environment, pageViews: views });
      const stop = tracker.start();
      tracker.pageView();
      tracker.track('custom', { event_label: 'after' });
      await browser.settle();
      await browser.settle();
      expect(browser.sent.map((entry) => entry.data.event)).toEqual(['page_view', 'custom']);
      const [view, custom] = browser.sent.map((entry) => entry.envelope.upload_id.split('-').slice(0, -1).join('-'));
      expect(custom).toBe(view);
      // The page counted before it came still marks the visitor with its categories.
      expect(browser.called).toEqual([
        '/category/list?language=fr&origin_url=%2Ffr%2Fnetflix-downloader',
        '/cookie_set?review_category_page_new=hot%2Cnetflix',
      ]);

      // A client navigation: the tracker counts it, and its scroll depth starts again from the top.
      browser.scrollTo(2000);
      browser.win.location = new URL('http://localhost/fr/blog');
      tracker.pageView();
      browser.scrollTo(2000);
      await browser.settle();
      stop();
      expect(browser.sent.map((entry) => entry.data.event)).toEqual(['page_view', 'custom', 'page_scroll', 'page_view', 'page_scroll']);
      expect(browser.sent[3]!.data).toMatchObject({ url: 'http://localhost/fr/blog', referer_url: 'http://localhost/fr/netflix-downloader' });
      expect(new Set(browser.sent.map((entry) => entry.envelope.upload_id)).size).toBe(5);
    });
  });

  describe('third parties (docs/tracking.md "Third parties")', () => {
    const settings = { tagAnalyticsUrl: 'https://tags.example/gtag/js?id=G-1', fingerprint: true };
    const recordingLoaders = () => {
      const loaded: string[] = [];
      const loaders: ThirdPartyLoaders = {
        loadTagAnalytics: (_doc, url) => void loaded.push(`tag ${url}`),
        computeFingerprint: async () => {
          loaded.push('fingerprint');
          return 'f1ngerpr1nt0001';
        },
      };
      return { loaded, loaders };
    };

    it.each([
      ['before the answer', '', false],
      ['after a refusal', 'rk_consent=denied', false],
      ['under Global Privacy Control, even with consent', 'rk_consent=granted', true],
    ])('load nothing %s', async (_name, consentCookie, gpc) => {
      if (consentCookie) document.cookie = `${consentCookie}; Path=/`;
      const browser = fakeBrowser({ gpc });
      const { loaded, loaders } = recordingLoaders();
      const tracker = createTracker({ locale: 'en', devMode: false, settings, environment: browser.environment, thirdParties: loaders });
      tracker.start()();
      tracker.pageView();
      await browser.settle();
      expect(loaded).toEqual([]);
      expect(document.cookie).not.toMatch(/_FID|_DID/);
      expect(browser.sent[0]!.data).not.toHaveProperty('finger_id');
    });

    it('load nothing unconfigured, even with consent', async () => {
      document.cookie = 'rk_consent=granted; Path=/';
      const browser = fakeBrowser();
      const { loaded, loaders } = recordingLoaders();
      createTracker({ locale: 'en', devMode: false, environment: browser.environment, thirdParties: loaders }).start()();
      await browser.settle();
      expect(loaded).toEqual([]);
    });

    it('load once the visitor accepts, fill _FID, _DID and finger_id, and lose the fingerprint on a refusal', async () => {
      const browser = fakeBrowser();
      const { loaded, loaders } = recordingLoaders();
      const tracker = createTracker({ locale: 'en', devMode: false, settings, environment: browser.environment, thirdParties: loaders });
      const stop = tracker.start();
      expect(loaded).toEqual([]);
      tracker.setConsent('granted');
      tracker.setConsent('granted');
      await browser.settle();
      expect(loaded).toEqual(['tag https://tags.example/gtag/js?id=G-1', 'fingerprint']);
      expect(document.cookie).toContain('_EA_FID=f1ngerpr1nt0001');
      expect(document.cookie).toContain('_EA_DID=f1ngerpr1nt0001');
      tracker.track('custom');
      await browser.settle();
      expect(browser.sent.at(-1)!.data.finger_id).toBe('f1ngerpr1nt0001');
      tracker.setConsent('denied');
      expect(document.cookie).not.toMatch(/_FID|_DID/);
      stop();
    });
  });
});
