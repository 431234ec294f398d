import {
  contactDraftSchema,
  contactReturnQuery,
  fetchSumCaptcha,
  notFound,
  readReturnedProblems,
  type LoaderContext,
  type NotFoundResult,
} from '@reelkeep/shared-contracts';
import { z } from 'zod';
import { AIO_PRODUCT, findProduct, findProductForService } from './catalogue/products.ts';
import { findService, listServicesByGroup, SERVICES } from './catalogue/services.ts';
import type { ProductPageData, ServicePageData, ShowcaseData } from './pages/page-data.ts';
import type { ContactPageData, UninstallationData } from './pages/FormPages.tsx';

/** docs/routing.md "Service catalogue": the generic adult-downloader page lives beside the per-service pages. */
export const GENERIC_ADULT_SLUG = 'adult';
const RELATED_COUNT = 8;
const SHOWCASE_COUNT = 18;

const toLink = ({ slug, name }: { slug: string; name: string }) => ({ slug, name });

/** `/{service}-downloader`: the service's facts, the product it promotes and related services; unknown is 404. */
export function loadServicePage({ params }: LoaderContext): ServicePageData | NotFoundResult {
  if (params.service === GENERIC_ADULT_SLUG) {
    return { service: null, productName: AIO_PRODUCT.name, installers: AIO_PRODUCT.installers, related: listServicesByGroup('adult').map(toLink) };
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
    installers: product.installers,
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
    installers: AIO_PRODUCT.installers,
  };
}

/** `/thanks-for-installing-{product}` and `/thanks-for-using-{product}`: unknown products are 404. */
export function loadProductPage({ params }: LoaderContext): ProductPageData | NotFoundResult {
  const product = findProduct(params.product ?? '');
  return product ? { product: product.name, productSlug: product.slug, installers: product.installers } : notFound();
}

/** Pages about the all-in-one app (downloading, product overview). */
export function loadAllInOne(): ProductPageData {
  return { product: AIO_PRODUCT.name, productSlug: AIO_PRODUCT.slug, installers: AIO_PRODUCT.installers };
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
