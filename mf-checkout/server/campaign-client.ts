import type { HostContext } from '@reelkeep/platform/host-context';
import {
  campaignCouponAnswerSchema,
  checkoutCampaignAnswerSchema,
  type CampaignCouponDto,
  type CheckoutCampaignAnswer,
  type Locale,
} from '@reelkeep/shared-contracts';

type FetchApi = HostContext['fetchApi'];

/** The campaign squad's API did not answer as its contract says (down, or a release that breaks it). */
export class CampaignUnavailableError extends Error {
  constructor(path: string, cause: unknown) {
    super(`campaign API ${path} unavailable`, { cause });
    this.name = 'CampaignUnavailableError';
  }
}

async function readAnswer<T>(fetchApi: FetchApi, path: string, parse: (body: unknown) => T): Promise<T> {
  try {
    const response = await fetchApi(path);
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return parse(await response.json());
  } catch (error) {
    throw new CampaignUnavailableError(path, error);
  }
}

/**
 * A coupon and its campaign's window, running or not, from the campaign squad (docs/commerce.md "Coupons"):
 * the checkout prices and redeems coupons, the campaign squad owns them. Throws `CampaignUnavailableError`.
 */
export async function fetchCoupon(fetchApi: FetchApi, code: string): Promise<CampaignCouponDto | null> {
  const normalised = code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,32}$/.test(normalised)) return null;
  const path = `/api/campaign/internal/coupon?${new URLSearchParams({ code: normalised })}`;
  return (await readAnswer(fetchApi, path, (body) => campaignCouponAnswerSchema.parse(body))).coupon;
}

/**
 * The campaign the checkout counts down to (at a `start_time` preview, or now) and the coupons it shows,
 * largest first. Throws `CampaignUnavailableError`.
 */
export async function fetchCheckoutCampaign(fetchApi: FetchApi, options: { locale: Locale; previewAt?: number }): Promise<CheckoutCampaignAnswer> {
  const query = new URLSearchParams({ locale: options.locale });
  if (options.previewAt !== undefined) query.set('preview_at', String(options.previewAt));
  return readAnswer(fetchApi, `/api/campaign/internal/checkout-offer?${query}`, (body) => checkoutCampaignAnswerSchema.parse(body));
}
