/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import {
  CLIENT_NOT_DETECTED,
  PROMPT_QUEUE_INITIAL_STATE,
  selectClient,
  selectIsWin,
  type ClientState,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { detectBrowserType, detectClient, detectClientState, listCategoryUids, toClientReferer } from './client-detection.ts';
import { createSiteStore } from './store/create-site-store.ts';
import { clientSlice } from './store/shared-slices.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  curl: 'curl/8.5.0',
};

const STATE: SharedState = {
  locale: { current: 'ja', prefix: '/ja', path: '/' },
  os: { os: 'win', is64Bit: true },
  session: { signedIn: false, user: null },
  pageMeta: { title: '', description: '', keywords: '', status: 200, canonicalUrl: '' },
  ab: { values: {} },
  campaignNav: { visible: false },
  client: CLIENT_NOT_DETECTED,
  prompts: PROMPT_QUEUE_INITIAL_STATE,
};

describe("spec: the shared client state's mobile flag, WebP, referer, browser type, download URL and category list", () => {
  it.each(Object.entries(UA).map(([name, ua]) => [name, ua, { iosChrome: 'chrome', curl: 'other' }[name] ?? name]))(
    'browser type of %s',
    (_name, ua, type) => {
      expect(detectBrowserType(ua)).toBe(type);
    },
  );

  it.each([
    ['another site: its origin and path, not its query', 'https://search.example/results?q=ana%40example.com#top', 'https://search.example/results'],
    ['this site', 'https://www.reelkeep.com/blog/', null],
    ['none', '', null],
    ['not an http URL', 'android-app://com.example', null],
  ])('referer from %s', (_case, referrer, kept) => {
    expect(toClientReferer(referrer, 'https://www.reelkeep.com')).toBe(kept);
  });

  it.each([
    ['a phone that says so', { userAgentMobile: true, narrowViewport: false }, true],
    ['a desktop browser that says it is not, in a narrow window', { userAgentMobile: false, narrowViewport: true }, false],
    ['a browser that does not say, on a narrow screen', { userAgentMobile: undefined, narrowViewport: true }, true],
    ['a browser that does not say, on a wide screen', { userAgentMobile: undefined, narrowViewport: false }, false],
  ])('mobile flag: %s', (_case, facts, mobile) => {
    const detected = detectClient({
      userAgent: UA.firefox,
      webp: true,
      referrer: '',
      siteOrigin: 'https://www.reelkeep.com',
      locale: 'fr',
      ...facts,
    });
    expect(detected).toEqual({ mobile, webp: true, referer: null, browser: 'firefox', downloadUrl: '/fr/downloading' });
  });

  it('lists each category group, then its services', () => {
    expect(
      listCategoryUids([
        { uid: 'hot', children: [{ uid: 'netflix' }, { uid: 'hulu' }] },
        { uid: 'anime', children: [] },
      ]),
    ).toEqual(['hot', 'netflix', 'hulu', 'anime']);
  });

  it('renders every page with nothing detected, so a cached page holds nothing of anyone; isWin reads the OS', () => {
    const { store } = createSiteStore(STATE);
    expect(selectClient(store.getState() as SharedState)).toEqual({
      mobile: null,
      webp: null,
      referer: null,
      browser: null,
      downloadUrl: null,
      categories: [],
    });
    expect(selectIsWin(store.getState() as SharedState)).toBe(true);
    expect(selectIsWin({ ...STATE, os: { os: 'mac', is64Bit: true } })).toBe(false);
  });

  it('fills the store in the browser, the category list from /category/list, and ignores a failed list', async () => {
    // jsdom has no canvas encoder: this browser's canvas encodes WebP.
    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/webp;base64,UklGRg==';
    const { store } = createSiteStore(STATE);
    const dispatch = (detected: Partial<ClientState>) => store.dispatch(clientSlice.actions.clientDetected(detected));
    const asked: string[] = [];
    const answer = { cscode: 200, data: [{ uid: 'hot', children: [{ uid: 'netflix' }] }] };
    await detectClientState(dispatch, 'ja', async (url) => {
      asked.push(url);
      return { ok: true, json: async () => answer };
    });
    expect(asked).toEqual(['/category/list?language=ja&origin_url=%2F']);
    expect(selectClient(store.getState() as SharedState)).toMatchObject({
      webp: true,
      browser: expect.any(String),
      downloadUrl: '/ja/downloading',
      categories: ['hot', 'netflix'],
    });

    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,iVBORw0=';
    const failed = createSiteStore(STATE).store;
    await detectClientState(
      (detected) => failed.dispatch(clientSlice.actions.clientDetected(detected)),
      'ja',
      () => Promise.reject(new Error('offline')),
    );
    expect(selectClient(failed.getState() as SharedState)).toMatchObject({ webp: false, downloadUrl: '/ja/downloading', categories: [] });
  });
});
