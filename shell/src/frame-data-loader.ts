import type { ArticleListDto, FrameData, Locale, ServiceCatalogueDto } from '@reelkeep/shared-contracts';

/** How long frame data is reused before the squads' APIs are asked again. */
export const FRAME_DATA_TTL_MS = 60_000;
/** Spec §9: the footer's guide centre lists 6 articles. */
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

  const readJson = async <T>(fetchApi: (path: string) => Promise<Response>, path: string): Promise<T | null> => {
    try {
      const response = await fetchApi(path);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    } catch (error) {
      warn('frame data unavailable', { path, error });
      return null;
    }
  };

  const refresh = async (locale: Locale, fetchApi: (path: string) => Promise<Response>): Promise<FrameData> => {
    const previous = cache.get(locale)?.data;
    const [catalogue, articles] = await Promise.all([
      readJson<ServiceCatalogueDto>(fetchApi, '/api/landing/catalogue'),
      readJson<ArticleListDto>(
        fetchApi,
        `/api/blog/article/list?category_id=blog&language=${locale}&start=0&len=${FOOTER_ARTICLE_COUNT}&is_footer=1`,
      ),
    ]);
    const data: FrameData = {
      locale,
      siteUrl,
      catalogue: catalogue ?? previous?.catalogue ?? EMPTY_CATALOGUE,
      articles: articles?.cscode === 200 ? articles.data.list.filter((article) => article.new_uuid !== 'faqs') : (previous?.articles ?? []),
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
