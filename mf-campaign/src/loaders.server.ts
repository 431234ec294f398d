import { currentCampaignsAnswerSchema, type CurrentCampaignsAnswer, type LoaderContext } from '@reelkeep/shared-contracts';

/** A link's campaign values the campaign API reads (docs/campaigns.md "Activity", "Personal deadlines"). */
const LINK_PARAMETERS = ['start_time', 'ac_endtime', 'ac_source'] as const;

/** What every campaign page renders from: the running campaign and the event centre's list. */
export type CampaignPageData = CurrentCampaignsAnswer & { now: number };

/**
 * The campaign pages' data, from the squad's own API (`GET /api/campaign/current`), parsed with its schema.
 * An API that does not answer leaves the pages in their "no sale running" state rather than failing.
 */
export async function loadCampaignPage(context: LoaderContext): Promise<CampaignPageData> {
  const query = new URLSearchParams();
  for (const name of LINK_PARAMETERS) {
    const value = context.url.searchParams.get(name);
    if (value) query.set(name, value.slice(0, 32));
  }
  try {
    const response = await context.fetchApi(`/api/campaign/current?${query}`);
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return { ...currentCampaignsAnswerSchema.parse(await response.json()), now: Date.now() };
  } catch {
    return { campaign: null, eventCenter: [], now: Date.now() };
  }
}
