import { describe, expect, it } from '@jest/globals';
import { createAnswerCache } from '@reelkeep/shared-contracts';
import { PRODUCT_VERSION_CACHE_MS, readProductVersions } from './loaders.server.ts';

const ANSWERS: Record<string, unknown> = {
  '/product/info?product_id=10721': { cscode: 200, data: { product_id: 10721, name: 'ReelKeep', soft_version: '3.8.2', soft_version_mac: '3.8.1' } },
  '/product/info?product_id=10781': { cscode: 200, data: { product_id: 10781, name: 'ReelKeep', soft_version: '3.8.1', soft_version_mac: '3.8.1' } },
};

function createApi(answer: (path: string) => Promise<Response> = async (path) => Response.json(ANSWERS[path] ?? { cscode: 404 })) {
  const asked: string[] = [];
  return {
    asked,
    fetchApi: (path: string) => {
      asked.push(path);
      return answer(path);
    },
  };
}

describe('spec: /product/info is called and the version shown on the download page, cached 2 hours', () => {
  it('asks for the Windows and the Mac option ids and reads each soft_version', async () => {
    const { asked, fetchApi } = createApi();
    expect(await readProductVersions(fetchApi, createAnswerCache({ ttlMs: PRODUCT_VERSION_CACHE_MS, maxEntries: 8 }))).toEqual({
      win: '3.8.2',
      mac: '3.8.1',
    });
    expect(asked.sort()).toEqual(['/product/info?product_id=10721', '/product/info?product_id=10781']);
  });

  it('keeps the answers 2 hours (7,200,000 ms), then asks again', async () => {
    expect(PRODUCT_VERSION_CACHE_MS).toBe(7_200_000);
    let clock = 0;
    const cache = createAnswerCache({ ttlMs: PRODUCT_VERSION_CACHE_MS, maxEntries: 8, now: () => clock });
    const { asked, fetchApi } = createApi();
    await readProductVersions(fetchApi, cache);
    clock = PRODUCT_VERSION_CACHE_MS - 1;
    await readProductVersions(fetchApi, cache);
    expect(asked).toHaveLength(2);
    clock = PRODUCT_VERSION_CACHE_MS;
    await readProductVersions(fetchApi, cache);
    expect(asked).toHaveLength(4);
  });

  it.each<[string, (path: string) => Promise<Response>]>([
    ['the API is down', () => Promise.reject(new Error('connect ECONNREFUSED'))],
    ['it answers 503', async () => Response.json({ cscode: 503, error: 'api_unavailable' }, { status: 503 })],
    ['it answers HTML', async () => new Response('<h1>Bad gateway</h1>', { status: 502 })],
    ['it answers another code', async () => Response.json({ cscode: 404, msg: 'no product' })],
  ])('shows no version, and keeps nothing, when %s', async (_case, answer) => {
    const cache = createAnswerCache({ ttlMs: PRODUCT_VERSION_CACHE_MS, maxEntries: 8 });
    const failing = createApi(answer);
    expect(await readProductVersions(failing.fetchApi, cache)).toEqual({ win: null, mac: null });
    // The next render asks again, and shows the version once the API answers.
    const working = createApi();
    expect(await readProductVersions(working.fetchApi, cache)).toEqual({ win: '3.8.2', mac: '3.8.1' });
  });
});
