import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, type CampaignCouponDto, type FrameCampaignDto } from '@reelkeep/shared-contracts';
import { splitCountdown, toSelectPlanHref } from '../campaign-rules.ts';
import { isLastDay } from '../sale-copy.ts';
import { CampaignDialog } from './CampaignDialog.tsx';
import { describeCouponScope, toClockParts } from './dialog-rules.ts';
import * as dialog from './CampaignDialogs.module.css';
import * as styles from './CouponModal.module.css';

/** The outcome of the last copy: which coupon, and whether the clipboard took it. */
type CopyTip = { index: number; copied: boolean } | null;

const DAY_MS = 86_400_000;

/**
 * Ticks each second to the moment the codes stop: the campaign's end as the visitor is shown it (docs/campaigns.md
 * "Sale copy": never the end of the day while the codes run for days).
 */
function EndCountdown({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation('campaign');
  const [left, setLeft] = useState(() => endsAt - Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLeft(endsAt - Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const { days } = splitCountdown(left);
  const [hours, minutes, seconds] = toClockParts(left - days * DAY_MS);
  return (
    <div className={styles.countdown} role="timer" aria-live="off">
      <span className={styles.countdownLabel}>{t('dialogs.codes_expire_in')}</span>
      <span className={styles.clock}>
        {days > 0 && (
          <span className={styles.clockPart}>
            <strong>{days}</strong>
            <small>{t('ui.days_count', { count: days })}</small>
          </span>
        )}
        <span className={styles.clockPart}>
          <strong>{hours}</strong>
          <small>{t('ui.hours')}</small>
        </span>
        <span className={styles.clockPart}>
          <strong>{minutes}</strong>
          <small>{t('ui.minutes')}</small>
        </span>
        <span className={styles.clockPart}>
          <strong>{seconds}</strong>
          <small>{t('ui.seconds')}</small>
        </span>
      </span>
    </div>
  );
}

/**
 * The coupon modal (docs/campaigns.md "Coupon modal and ads"): the campaign's coupons with a copy button each,
 * the countdown to the end of the sale, and after a copy a tip (copied, or the code to copy by hand) with the
 * select-plan button.
 */
export function CouponModal({
  campaign,
  coupons,
  route,
  prefix,
  locale,
  onClose,
}: {
  campaign: FrameCampaignDto;
  coupons: readonly CampaignCouponDto[];
  route: string | undefined;
  prefix: string;
  locale: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaign');
  const headingId = useId();
  const [tip, setTip] = useState<CopyTip>(null);
  const copy = async (index: number, code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setTip({ index, copied: true });
    } catch {
      setTip({ index, copied: false });
    }
  };
  const tipped = tip ? coupons[tip.index] : undefined;
  return (
    <CampaignDialog labelledBy={headingId} onClose={onClose} className={styles.couponModal}>
      <div className={styles.couponHeader}>
        <p className={dialog.eyebrow}>{campaign.name}</p>
        <h2 id={headingId} className={dialog.heading}>
          {t(isLastDay(campaign.endsAt, Date.now()) ? 'dialogs.coupon_heading_last_day' : 'dialogs.coupon_heading')}
        </h2>
        <p className={dialog.lead}>{t('dialogs.coupon_lead')}</p>
        <EndCountdown endsAt={campaign.endsAt} />
      </div>
      <ul className={styles.coupons}>
        {coupons.map((coupon, index) => {
          const min = formatCents(coupon.minPriceCents, locale);
          const scope = describeCouponScope(coupon);
          return (
            <li key={coupon.code} className={styles.coupon} data-coupon={coupon.code}>
              <div className={styles.couponValue}>
                <strong>{t('ui.coupon_off', { amount: formatCents(coupon.discountCents, locale) })}</strong>
                <span>
                  {scope === 'types' ? t('ui.coupon_lifetime', { min }) : scope === 'min' ? t('ui.coupon_min', { min }) : t('ui.coupon_any')}
                </span>
              </div>
              <code className={styles.code}>{coupon.code}</code>
              <button
                type="button"
                className={styles.copy}
                onClick={() => void copy(index, coupon.code)}
                aria-label={t('dialogs.copy_code', { code: coupon.code })}
              >
                {t('dialogs.copy')}
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.tip} role="status" data-state={tip ? (tip.copied ? 'copied' : 'failed') : 'idle'}>
        {tip && tipped && (
          <>
            {tip.copied ? (
              <p>{t('dialogs.copied', { code: tipped.code })}</p>
            ) : (
              <p>
                {t('dialogs.copy_failed')} <code className={styles.manualCode}>{tipped.code}</code>
              </p>
            )}
            <a
              className={dialog.primary}
              href={toSelectPlanHref({ route, campaignRoute: campaign.route, code: tipped.code, index: tip.index, prefix })}
              // Closed once the shell's link handler has read the click, so the navigation still happens.
              onClick={() => setTimeout(onClose, 0)}
            >
              {t('dialogs.select_plan')}
            </a>
          </>
        )}
      </div>
    </CampaignDialog>
  );
}
