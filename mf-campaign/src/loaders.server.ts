import { currentCampaignsAnswerSchema, type CurrentCampaignsAnswer, type LoaderContext, type PlanOs } from '@reelkeep/shared-contracts';
import { readPlanOs } from './plan-offers.ts';

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

/** What the pricing and special-offer pages render from: the campaign, the OS the link asked for, and the link's own values. */
export type PlanPageData = CampaignPageData & { os: PlanOs; query: string };

/** The link values the pricing pages keep when the visitor switches the OS. */
const KEPT_PARAMETERS = [...LINK_PARAMETERS, 'source', 'medium'] as const;

/**
 * `/pricing` and `/aio-special-offer`: the campaign pages' data plus the OS of the link (`os=mac`, else
 * Windows) and the link values an OS switch keeps.
 */
export async function loadPlanPage(context: LoaderContext): Promise<PlanPageData> {
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMETERS) {
    const value = context.url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 32));
  }
  return { ...(await loadCampaignPage(context)), os: readPlanOs(context.url.searchParams.get('os')), query: kept.toString() };
}
