import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { createOsSwitchedAction, DS, selectOs } from '@reelkeep/shared-contracts';
import type { InstallIds } from '../catalogue/products.ts';
import { Icon } from './Icon.tsx';
import * as styles from './DownloadButtons.module.css';

/** The installers of the product a page promotes, with the build each installs; `mac` is null for Windows-only products. */
export interface Installers {
  win: string;
  mac: string | null;
  ids?: { win: InstallIds; mac: InstallIds | null };
}

/** The download link of an installer (`/mlink?p=` records the download, then redirects: docs/routing.md "Server paths"). */
export function toDownloadHref(installer: string): string {
  return `/mlink?p=${encodeURIComponent(installer)}`;
}

/**
 * What the tracker sends as a download's `install` (docs/tracking.md "Downloads"): the build the link installs, as
 * its `data-track-install`; nothing when the page was not told.
 */
export function toInstallAttributes(ids: InstallIds | null | undefined): { 'data-track-install'?: string } {
  if (!ids) return {};
  return { 'data-track-install': JSON.stringify({ package_name: ids.packageName, app_id: ids.appId, pid: ids.pid }) };
}

/**
 * The download-by-OS switch (docs/frame.md "Visitor's OS"): the button for the visitor's OS, a link to switch to the other
 * one, and the single-OS variant for products without a Mac build.
 */
export function DownloadButtons({ installers, buyHref }: { installers: Installers; buyHref: string }) {
  const { t } = useTranslation('landing');
  const dispatch = useDispatch();
  const os = useSelector(selectOs);
  const showMac = os === 'mac' && installers.mac !== null;
  const installer = showMac ? installers.mac! : installers.win;
  return (
    <div className={styles.block}>
      <div className={styles.buttons}>
        <a
          className={`${DS.buttonPrimary} ${DS.buttonLarge}`}
          href={toDownloadHref(installer)}
          data-os={showMac ? 'mac' : 'win'}
          {...toInstallAttributes(showMac ? installers.ids?.mac : installers.ids?.win)}
        >
          <Icon name={showMac ? 'apple' : 'windows'} className={styles.osIcon} />
          {t(showMac ? 'cta.download_mac' : 'cta.download_win')}
        </a>
        <a className={`${DS.buttonSecondary} ${DS.buttonLarge}`} href={buyHref}>
          {t('cta.buy')}
        </a>
      </div>
      <p className={styles.note}>
        {installers.mac === null ? (
          t(os === 'mac' ? 'cta.windows_only_on_mac' : 'cta.windows_only')
        ) : (
          <button type="button" className={styles.switch} onClick={() => dispatch(createOsSwitchedAction(showMac ? 'win' : 'mac'))}>
            {t(showMac ? 'cta.switch_to_win' : 'cta.switch_to_mac')}
          </button>
        )}
        <span aria-hidden="true"> · </span>
        {t('cta.trial')}
      </p>
    </div>
  );
}
