import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, selectLocale, type ServiceGroupId } from '@reelkeep/shared-contracts';
import { useFrameData } from './frame-data.ts';
import * as styles from './ServicesPanel.module.css';

/**
 * The header's services panel (docs/frame.md "Navigation layouts"): the catalogue's groups as columns, or as
 * collapsible sections in the mobile menu; `onNavigate` closes the dropdown when one of its links is followed.
 */
export function ServicesPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const { catalogue } = useFrameData();
  const locale = useSelector(selectLocale);
  const [openGroup, setOpenGroup] = useState<ServiceGroupId | null>(null);
  const total = catalogue.groups.reduce((sum, group) => sum + group.services.length, 0);
  return (
    <div className={styles.panel} onClick={(event) => (event.target as Element).closest('a') && onNavigate()}>
      <div className={styles.columns}>
        {catalogue.groups.map((group) => {
          const expanded = openGroup === group.id;
          const links = [...group.services.map((service) => ({ href: `/${service.slug}-downloader`, label: service.name }))];
          if (group.id === 'adult' && catalogue.adultPage) links.push({ href: catalogue.adultPage, label: t('nav.adult_generic') });
          return (
            <section key={group.id} className={styles.group} data-expanded={expanded}>
              <h3 className={styles.groupTitle}>
                <button
                  type="button"
                  className={styles.groupToggle}
                  aria-expanded={expanded}
                  onClick={() => setOpenGroup(expanded ? null : group.id)}
                >
                  {t(`nav.groups.${group.id}`)}
                </button>
              </h3>
              <ul className={styles.links}>
                {links.map((link) => (
                  <li key={link.href}>
                    <a href={toLocalePath(locale, link.href)}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <p className={styles.allSupported}>
        {t('nav.all_supported_note', { count: total })} <a href={toLocalePath(locale, '/movie-downloader')}>{t('nav.all_supported')}</a>
      </p>
    </div>
  );
}
