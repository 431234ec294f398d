import {
  createAnswerCache,
  OPTION_IDS,
  contactDraftSchema,
  contactReturnQuery,
  fetchSumCaptcha,
  notFound,
  readReturnedProblems,
  type AnswerCache,
  type LoaderContext,
  type NotFoundResult,
} from '@reelkeep/shared-contracts';
import { z } from 'zod';
import { AIO_PRODUCT, findProduct, findProductForService, toInstallers } from './catalogue/products.ts';
import { findService, listServicesByGroup, SERVICES } from './catalogue/services.ts';
import type { DownloadingPageData, ProductPageData, ServicePageData, ShowcaseData } from './pages/page-data.ts';
import type { ContactPageData, UninstallationData } from './pages/FormPages.tsx';

/** docs/routing.md "Service catalogue": the generic adult-downloader page lives beside the per-service pages. */
export const GENERIC_ADULT_SLUG = 'adult';
const RELATED_COUNT = 8;
const SHOWCASE_COUNT = 18;

const toLink = ({ slug, name }: { slug: string; name: string }) => ({ slug, name });

/** `/{service}-downloader`: the service's facts, the product it promotes and related services; unknown is 404. */
export function loadServicePage({ params }: LoaderContext): ServicePageData | NotFoundResult {
  if (params.service === GENERIC_ADULT_SLUG) {
    return { service: null, productName: AIO_PRODUCT.name, installers: toInstallers(AIO_PRODUCT), related: listServicesByGroup('adult').map(toLink) };
  }
  const service = findService(params.service ?? '');
  if (!service) return notFound();
  const product = findProductForService(service.slug);
  const related = listServicesByGroup(service.group)
    .filter((other) => other.slug !== service.slug)
    .slice(0, RELATED_COUNT)
    .map(toLink);
  const { slug, name, group, maxQuality, content, subtitles, multiAudio } = service;
  return {
    service: { slug, name, group, maxQuality, content, subtitles, multiAudio },
    productName: product.name,
    installers: toInstallers(product),
    related,
  };
}

/** The home page and the movie downloader show the popular services and the all-in-one app. */
export function loadShowcase(): ShowcaseData {
  return {
    services: listServicesByGroup('hot')
      .filter((service) => service.content === 'films-and-series')
      .slice(0, SHOWCASE_COUNT)
      .map(toLink),
    serviceCount: SERVICES.length,
    installers: toInstallers(AIO_PRODUCT),
  };
}

/** `/thanks-for-installing-{product}` and `/thanks-for-using-{product}`: unknown products are 404. */
export function loadProductPage({ params }: LoaderContext): ProductPageData | NotFoundResult {
  const product = findProduct(params.product ?? '');
  return product ? { product: product.name, productSlug: product.slug, installers: toInstallers(product) } : notFound();
}

/** Pages about the all-in-one app (downloading, product overview). */
export function loadAllInOne(): ProductPageData {
  return { product: AIO_PRODUCT.name, productSlug: AIO_PRODUCT.slug, installers: toInstallers(AIO_PRODUCT) };
}

/** docs/constants.md "Timings": the product versions are asked again after 2 hours (7,200,000 ms). */
export const PRODUCT_VERSION_CACHE_MS = 2 * 3600_000;
/** The answers of `/product/info` this version of the page keeps (one per OS). */
const productInfoAnswers = createAnswerCache({ ttlMs: PRODUCT_VERSION_CACHE_MS, maxEntries: 8 });
/** The part of a `/product/info` answer the download page reads. */
const productInfoAnswer = z.object({ cscode: z.literal(200), data: z.object({ soft_version: z.string().nullable() }) });

/**
 * The current app version per OS, as `/product/info` gives it for the Windows and Mac option ids (the spec asks twice),
 * each answer kept 2 hours. A failed or malformed answer is no version: the page then says nothing about it.
 */
export async function readProductVersions(
  fetchApi: LoaderContext['fetchApi'],
  answers: AnswerCache = productInfoAnswers,
): Promise<DownloadingPageData['versions']> {
  const read = async (optionId: number): Promise<string | null> => {
    const path = `/product/info?product_id=${optionId}`;
    try {
      const body = await answers.read(path, async () => (await fetchApi(path)).json());
      const answer = productInfoAnswer.safeParse(body);
      return answer.success ? answer.data.data.soft_version : null;
    } catch {
      // docs/tracking.md "Failures are ignored": product-info failures are ignored.
      return null;
    }
  };
  const [win, mac] = await Promise.all([read(OPTION_IDS.win), read(OPTION_IDS.mac)]);
  return { win, mac };
}

/** `/downloading`: the all-in-one app's installers and its current version per OS. */
export async function loadDownloadingPage({ fetchApi }: LoaderContext): Promise<DownloadingPageData> {
  return { ...loadAllInOne(), versions: await readProductVersions(fetchApi) };
}

/** The draft route's answer. */
const draftAnswer = z.object({ data: contactDraftSchema });

/**
 * `/contact`: a question for visitors without JavaScript, and what a refused form held (docs/forms.md
 * "Drafts": the kept draft, or at least the problems and topic the query carries back).
 */
export async function loadContactPage(context: LoaderContext): Promise<ContactPageData> {
  const query = contactReturnQuery.parse(Object.fromEntries(context.url.searchParams));
  const sum = await fetchSumCaptcha(context.fetchApi);
  if (query.draft) {
    const response = await context.fetchApi(`/api/landing/contact/draft?id=${query.draft}`);
    const answer = response.ok ? draftAnswer.safeParse(await response.json()) : null;
    if (answer?.success) return { sum, sent: false, fields: answer.data.data.fields, problems: answer.data.data.problems };
  }
  return {
    sum,
    sent: query.sent === '1',
    fields: { name: '', email: '', topic: query.topic ?? '', message: '' },
    problems: readReturnedProblems(query),
  };
}

/** `/uninstallation?product=`: the product the feedback is about, and whether it was just sent. */
export function loadUninstallationPage(context: LoaderContext): UninstallationData {
  const query = context.url.searchParams;
  const product = findProduct(query.get('product') ?? '')?.slug ?? AIO_PRODUCT.slug;
  const feedback = query.get('feedback');
  return { product, feedback: feedback === 'sent' || feedback === 'invalid' ? feedback : null };
}
