import { articleListAnswerSchema, serviceCatalogueSchema, type FrameData, type Locale, type ServiceCatalogueDto } from '@reelkeep/shared-contracts';
import type * as z from 'zod/mini';

/** How long frame data is reused before the squads' APIs are asked again. */
export const FRAME_DATA_TTL_MS = 60_000;
/** docs/frame.md "Footer": the footer's guide centre lists 6 articles. */
export const FOOTER_ARTICLE_COUNT = 6;

const EMPTY_CATALOGUE: ServiceCatalogueDto = { groups: [], adultPage: null };

interface CacheEntry {
  data: FrameData;
  expiresAt: number;
}

/**
 * Reads the navigation catalogue (landing squad) and the footer's articles (blog squad) through their
 * APIs, per locale, cached. A failing API keeps the last good data, or an empty list: the frame renders.
 */
export function createFrameDataLoader(
  siteUrl: string,
  warn: (message: string, fields: Record<string, unknown>) => void,
  now: () => number = Date.now,
) {
  const cache = new Map<Locale, CacheEntry>();
  const pending = new Map<Locale, Promise<FrameData>>();

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

  const refresh = async (locale: Locale, fetchApi: (path: string) => Promise<Response>): Promise<FrameData> => {
    const previous = cache.get(locale)?.data;
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
    cache.set(locale, { data, expiresAt: now() + FRAME_DATA_TTL_MS });
    return data;
  };

  return (locale: Locale, fetchApi: (path: string) => Promise<Response>): Promise<FrameData> => {
    const entry = cache.get(locale);
    if (entry && entry.expiresAt > now()) return Promise.resolve(entry.data);
    let inFlight = pending.get(locale);
    if (!inFlight) {
      inFlight = refresh(locale, fetchApi).finally(() => pending.delete(locale));
      pending.set(locale, inFlight);
    }
    // Serve stale data while refreshing, so no render waits on an API after the first.
    return entry ? Promise.resolve(entry.data) : inFlight;
  };
}
