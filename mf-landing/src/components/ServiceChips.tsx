import { useSelector } from 'react-redux';
import { toLocalePath, selectLocale, type ServiceLink } from '@reelkeep/shared-contracts';
import * as styles from './ServiceChips.module.css';

/** Links to service landing pages, as chips. */
export function ServiceChips({ services }: { services: readonly ServiceLink[] }) {
  const locale = useSelector(selectLocale);
  return (
    <ul className={styles.chips}>
      {services.map((service) => (
        <li key={service.slug}>
          <a className={styles.chip} href={toLocalePath(locale, `/${service.slug}-downloader`)}>
            {service.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
