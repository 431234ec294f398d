import { frameCampaignAnswerSchema, type FrameCampaignDto, type Locale } from '@reelkeep/shared-contracts';
import type { RenderInput } from './render-contract.ts';

/** A link's campaign values the campaign squad reads (docs/campaigns.md "Personal deadlines"). */
const CAMPAIGN_LINK_PARAMETERS = ['start_time', 'ac_endtime', 'ac_source'] as const;

/**
 * The frame's campaign slot for one render, from the campaign squad's API (`GET /api/campaign/frame`):
 * asked for every render, never kept in the frame cache, so a campaign an operator creates or ends shows on
 * the next request (the page cache drops the pages that showed it). An API that fails leaves the slot empty.
 */
export async function loadFrameCampaign(input: Pick<RenderInput, 'fetchApi' | 'url' | 'warn'>, locale: Locale): Promise<FrameCampaignDto | null> {
  const query = new URLSearchParams({ locale });
  for (const name of CAMPAIGN_LINK_PARAMETERS) {
    const value = input.url.searchParams.get(name);
    if (value) query.set(name, value.slice(0, 32));
  }
  try {
    const response = await input.fetchApi(`/api/campaign/frame?${query}`);
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return frameCampaignAnswerSchema.parse(await response.json()).campaign;
  } catch (error) {
    input.warn('frame campaign unavailable', { error });
    return null;
  }
}
