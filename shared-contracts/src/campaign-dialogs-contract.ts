import type { ComponentType } from 'react';
import type { FrameCampaignDto } from './frame-contract.ts';
import type { Locale } from './locales.ts';

/**
 * The campaign dialogs slot of the frame (docs/campaigns.md "Coupon modal and ads"): the campaign squad's remote
 * exposes `./dialogs` (the coupon modal, the image ad and the bottom-left ad), and the shell renders it once the
 * page is hydrated and the browser is idle, so none of it is in a page's first load. Types only: nothing here
 * reaches a bundle.
 */

/** The name under which `mf-campaign` exposes its dialogs (`mf_campaign/dialogs`). */
export type CampaignDialogsExpose = 'dialogs';

/** What the shell hands the dialogs; it renders them again with new values after a client navigation. */
export interface CampaignDialogsProps {
  /** The frame's running campaign (never null: without one the shell loads no dialogs). */
  campaign: FrameCampaignDto;
  /** Route name of the current page; undefined on a page the route table does not know. */
  route: string | undefined;
  /** The locale's path prefix (`''` for English, `/de`, …). */
  prefix: string;
  locale: Locale;
  /** The current page's query string (`start_time`, `ac_endtime` and `ac_source` decide the campaign shown). */
  search: string;
}

/** The default export of `mf_campaign/dialogs`; the shell refuses one built against another contract major. */
export interface CampaignDialogsModule {
  contractVersion: string;
  CampaignDialogs: ComponentType<CampaignDialogsProps>;
}
