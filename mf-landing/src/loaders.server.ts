import type { LoaderContext, NotFoundResult } from '@reelkeep/shared-contracts';
import { findProduct } from './catalogue/products.ts';
import { findService } from './catalogue/services.ts';

/** Values a landing page interpolates into its copy. */
export type LandingValues = Record<string, string>;

/** spec §2: the generic adult-downloader page lives beside the per-service pages. */
export const GENERIC_ADULT_SLUG = 'adult';

/** `/thanks-for-installing-{product}` and `/thanks-for-using-{product}`: unknown products are 404. */
export function loadProductPage({ params }: LoaderContext): LandingValues | NotFoundResult {
  const product = findProduct(params.product ?? '');
  return product ? { product: product.name } : { notFound: true };
}

/** `/{service}-downloader`: unknown services are 404; the generic adult page has no service name. */
export function loadServicePage({ params }: LoaderContext): LandingValues | NotFoundResult {
  if (params.service === GENERIC_ADULT_SLUG) return {};
  const service = findService(params.service ?? '');
  return service ? { service: service.name } : { notFound: true };
}
