import {
  articleListAnswerSchema,
  serviceCatalogueSchema,
  type FrameData,
  type Locale,
  type RemoteName,
  type ServiceCatalogueDto,
} from '@reelkeep/shared-contracts';
import type * as z from 'zod/mini';

/** How long frame data is reused before the squads' APIs are asked again. */
export const FRAME_DATA_TTL_MS = 60_000;
/** The apps whose APIs answer the frame data: the service catalogue (landing) and the footer's articles (blog). */
export const FRAME_DATA_APPS: readonly RemoteName[] = ['mf-landing', 'mf-blog'];
/** docs/frame.md "Footer": the footer's guide centre lists 6 articles. */
export const FOOTER_ARTICLE_COUNT = 6;

const EMPTY_CATALOGUE: ServiceCatalogueDto = { groups: [], adultPage: null };

interface CacheEntry {
  data: FrameData;
  expiresAt: number;
}

/** Entries kept: each locale under the live releases, and under the ones before a switch for a while. */
const MAX_ENTRIES = 32;

/**
 * Reads the navigation catalogue (landing squad) and the footer's articles (blog squad) through their
 * APIs, per locale, cached. A failing API keeps the last good data, or an empty list: the frame renders.
 * docs/frame.md "Frame data": data is cached under the releases that answered it; after a promote or a
 * rollback of one of them the next render asks the new version's API and waits for it, so a page never
 * shows the navigation of a version that is no longer live beside a body of the one that is. When the new
 * version's API fails, the last good data of another release (or an empty list) stands in only until the
 * next render asks again.
 */
export function createFrameDataLoader(
  siteUrl: string,
  warn: (message: string, fields: Record<string, unknown>) => void,
  now: () => number = Date.now,
) {
  const cache = new Map<string, CacheEntry>();
  const lastGood = new Map<Locale, FrameData>();
  const pending = new Map<string, Promise<FrameData>>();

  const readAnswer = async <Answer>(
    fetchApi: (path: string) => Promise<Response>,
    path: string,
    schema: z.ZodMiniType<Answer>,
  ): Promise<Answer | null> => {
    try {
      const response = await fetchApi(path);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return schema.parse(await response.json());
    } catch (error) {
      warn('frame data unavailable', { path, error });
      return null;
    }
  };

  const refresh = async (key: string, locale: Locale, fetchApi: (path: string) => Promise<Response>): Promise<FrameData> => {
    const own = cache.get(key)?.data;
    const previous = own ?? lastGood.get(locale);
    const [catalogue, articles] = await Promise.all([
      readAnswer(fetchApi, '/api/landing/catalogue', serviceCatalogueSchema),
      readAnswer(
        fetchApi,
        `/api/blog/article/list?category_id=blog&language=${locale}&start=0&len=${FOOTER_ARTICLE_COUNT}&is_footer=1`,
        articleListAnswerSchema,
      ),
    ]);
    const data: FrameData = {
      locale,
      siteUrl,
      catalogue: catalogue ?? previous?.catalogue ?? EMPTY_CATALOGUE,
      articles: articles
        ? articles.data.list.filter((article) => article.new_uuid !== 'faqs').map(({ title, new_uuid, uuid }) => ({ title, new_uuid, uuid }))
        : (previous?.articles ?? []),
    };
    // Data these releases answered (now, or before) is kept a minute; another release's, or none, only until the next render asks again.
    const ownData = (catalogue !== null || own !== undefined) && (articles !== null || own !== undefined);
    cache.delete(key);
    cache.set(key, { data, expiresAt: ownData ? now() + FRAME_DATA_TTL_MS : now() });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    lastGood.set(locale, data);
    return data;
  };

  /** `releases` names the versions of the apps behind the data this render uses (`mf-landing@… mf-blog@…`). */
  return (locale: Locale, fetchApi: (path: string) => Promise<Response>, releases = ''): Promise<FrameData> => {
    const key = `${locale} ${releases}`;
    const entry = cache.get(key);
    if (entry && entry.expiresAt > now()) return Promise.resolve(entry.data);
    let inFlight = pending.get(key);
    if (!inFlight) {
      inFlight = refresh(key, locale, fetchApi).finally(() => pending.delete(key));
      pending.set(key, inFlight);
    }
    // Stale data of the same releases is served while refreshing, so no render waits on an API after the first;
    // data of other releases never is.
    return entry ? Promise.resolve(entry.data) : inFlight;
  };
}
