import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignDialog } from './CampaignDialog.tsx';
import * as dialog from './CampaignDialogs.module.css';
import * as styles from './ImageAd.module.css';

/**
 * The image ad modal (docs/campaigns.md "Coupon modal and ads"), opened instead of the coupon modal for a
 * campaign that is not important: the campaign's art linked to its page, its name and line, and a button.
 */
export function ImageAd({
  name,
  line,
  image,
  href,
  onClose,
  onLinkClick,
}: {
  name: string;
  line: string;
  image: string | null;
  href: string;
  onClose: () => void;
  onLinkClick: () => void;
}) {
  const { t } = useTranslation('campaign');
  const headingId = useId();
  return (
    <CampaignDialog labelledBy={headingId} onClose={onClose} className={styles.imageAd}>
      {image && (
        <a href={href} onClick={onLinkClick} className={styles.imageAdArt} tabIndex={-1} aria-hidden="true">
          <img src={image} alt="" width={640} height={240} />
        </a>
      )}
      <div className={styles.imageAdBody}>
        <p className={dialog.eyebrow}>{t('dialogs.image_ad_eyebrow')}</p>
        <h2 id={headingId} className={dialog.heading}>
          {name}
        </h2>
        <p className={`${dialog.lead} ${styles.lead}`}>{line}</p>
        <a href={href} onClick={onLinkClick} className={dialog.primary}>
          {t('dialogs.image_ad_cta')}
        </a>
      </div>
    </CampaignDialog>
  );
}
