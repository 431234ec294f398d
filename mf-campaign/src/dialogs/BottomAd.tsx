import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignBottomAdAttrDto } from '@reelkeep/shared-contracts';
import { toBottomAdStyle } from './dialog-rules.ts';
import * as styles from './BottomAd.module.css';

/**
 * The bottom-left ad (docs/campaigns.md "Coupon modal and ads"): a closable banner in the corner, linked to the
 * campaign's offer, with the campaign's optional text drawn over it, in the campaign's style options (`attr`). Not
 * modal: the page stays usable.
 */
export function BottomAd({
  name,
  background,
  textImage,
  attr,
  href,
  onClose,
  onLinkClick,
}: {
  name: string;
  background: string;
  textImage: string | undefined;
  attr?: CampaignBottomAdAttrDto;
  href: string;
  onClose: () => void;
  onLinkClick: () => void;
}) {
  const { t } = useTranslation('campaign');
  return (
    <aside
      className={styles.bottomAd}
      style={toBottomAdStyle(attr) as CSSProperties}
      aria-label={t('dialogs.bottom_ad_label')}
      data-testid="campaign-bottom-ad"
      data-prompt="bottom-ad"
    >
      <a href={href} onClick={onLinkClick} className={styles.bottomAdLink}>
        <img src={background} alt="" width={320} height={180} className={styles.bottomAdArt} />
        {textImage && <img src={textImage} alt="" className={styles.bottomAdText} />}
        <span className={styles.bottomAdCaption}>
          <strong>{name}</strong>
          <span>{t('dialogs.bottom_ad_cta')}</span>
        </span>
      </a>
      <button type="button" className={styles.bottomAdClose} onClick={onClose} aria-label={t('dialogs.bottom_ad_close')}>
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
