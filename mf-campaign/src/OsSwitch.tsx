import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { PlanOs, SharedState } from '@reelkeep/shared-contracts';
import * as styles from './OsSwitch.module.css';

/** Windows or Mac: links that keep the page's other link values, so they work before the page is hydrated. */
export function OsSwitch({ os, query, path }: { os: PlanOs; query: string; path: string }) {
  const { t } = useTranslation('campaign');
  const { prefix } = useSelector((state: SharedState) => state.locale);
  const href = (target: PlanOs) => {
    const next = new URLSearchParams(query);
    next.set('os', target);
    return `${prefix}/${path}?${next}`;
  };
  return (
    <nav className={styles.osSwitch} aria-label={t('pricing.os_label')}>
      {(['win', 'mac'] as const).map((target) => (
        <a key={target} href={href(target)} className={target === os ? styles.osActive : styles.os} aria-current={target === os ? 'page' : undefined}>
          {t(`pricing.os_${target}`)}
        </a>
      ))}
    </nav>
  );
}
