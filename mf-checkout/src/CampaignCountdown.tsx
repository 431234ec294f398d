import { useTranslation } from 'react-i18next';
import * as styles from './CampaignCountdown.module.css';

/** The running campaign's name and the time left until it ends, as days and a clock. */
export function CampaignCountdown({ name, endsAt, now }: { name: string; endsAt: number; now: number }) {
  const { t } = useTranslation('checkout');
  const left = Math.max(0, Math.floor((endsAt - now) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <p className={styles.campaign} role="timer" aria-live="off">
      <span>{t('campaign_ends', { name })}</span>
      <strong>
        {t('countdown', {
          days: Math.floor(left / 86400),
          hours: pad(Math.floor(left / 3600) % 24),
          minutes: pad(Math.floor(left / 60) % 60),
          seconds: pad(left % 60),
        })}
      </strong>
    </p>
  );
}
