import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { toLocalePrefix, type CampaignDto, type FrameCampaignDto, type Locale } from '@reelkeep/shared-contracts';
import type { I18n } from '@reelkeep/shared-contracts/i18n';
import { pickShownCoupons } from '../campaign-rules.ts';
import { EventCenterGroup } from '../CampaignPages.tsx';
import { CouponModal } from '../dialogs/CouponModal.tsx';
import type { PREVIEW_PARTS } from './section-inputs.ts';

/** What a preview renders from: the campaign as the pages read it, its frame slot, the moment and the locale's texts. */
export interface PreviewInput {
  campaign: CampaignDto;
  frame: FrameCampaignDto;
  now: number;
  locale: Locale;
  /** The campaign's texts in the locale, as the pages read them through `useTranslation`. */
  i18n: I18n;
}

/** Nothing to do: a preview is a picture, its buttons lead nowhere. */
const ignore = () => undefined;

/**
 * A part of a campaign as visitors see it, rendered by the campaign's own components in the locale
 * (docs/console.md "Campaigns and coupons"): the coupon modal opened, or the campaign's group of the event centre.
 * The banner's markup is the shell's; its slot (`frame`) is the squad's, so the host draws it.
 */
export function renderPreviewPart(part: Exclude<(typeof PREVIEW_PARTS)[number], 'banner'>, input: PreviewInput): string {
  const prefix = toLocalePrefix(input.locale);
  return renderToStaticMarkup(
    <I18nextProvider i18n={input.i18n}>
      {part === 'modal' ? (
        <CouponModal
          campaign={input.frame}
          coupons={pickShownCoupons(input.campaign.coupons)}
          route={undefined}
          prefix={prefix}
          locale={input.locale}
          onClose={ignore}
        />
      ) : (
        <EventCenterGroup campaign={input.campaign} now={input.now} prefix={prefix} locale={input.locale} />
      )}
    </I18nextProvider>,
  );
}
