import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { buildShareLinks, SHARE_NETWORK_NAMES } from './share-links.ts';
import { selectLocale, selectPageMeta } from './store-contract.ts';

/** The toolbar's classes in the shell's stylesheet (shell/src/app/share-toolbar.css), here rather than in DS so pages that do not share carry none of them. */
const SHARE_CLASSES = {
  toolbar: 'rk-share',
  label: 'rk-share__label',
  list: 'rk-share__list',
  link: 'rk-share__link',
  status: 'rk-share__status',
  field: 'rk-share__field',
} as const;

/**
 * The share toolbar (docs/sharing.md) any remote puts on its pages: plain links to the networks' share
 * pages with the page's canonical URL and title (from the store, or given), and "Copy link", which shows
 * the link to copy by hand when the clipboard refuses (the copy-fail tip: docs/sharing.md "The toolbar"). Small on purpose: each
 * remote that uses it carries its own copy; the look comes from the shell's design system (`rk-share`).
 */
export function ShareToolbar({ title }: { title?: string }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const meta = useSelector(selectPageMeta);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = meta.canonicalUrl;
  if (!url) return null;
  const shareTitle = title ?? meta.title;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <nav className={SHARE_CLASSES.toolbar} aria-label={t('share.label')} data-testid="share-toolbar">
      <p className={SHARE_CLASSES.label}>{t('share.label')}</p>
      <ul className={SHARE_CLASSES.list}>
        {buildShareLinks({ url, title: shareTitle }, locale).map((link) => (
          <li key={link.network}>
            <a
              className={SHARE_CLASSES.link}
              href={link.href}
              data-network={link.network}
              {...(link.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              aria-label={link.network === 'email' ? t('share.email') : t('share.on', { network: SHARE_NETWORK_NAMES[link.network] })}
            >
              {link.network === 'email' ? t('share.email') : SHARE_NETWORK_NAMES[link.network]}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={SHARE_CLASSES.link} data-network="copy" onClick={() => void copyLink()}>
            {copy === 'copied' ? t('share.copied') : t('share.copy')}
          </button>
        </li>
      </ul>
      <p className={SHARE_CLASSES.status} role="status">
        {copy === 'failed' ? t('share.copy_failed') : ''}
      </p>
      {copy === 'failed' && (
        <input
          className={SHARE_CLASSES.field}
          type="text"
          readOnly
          value={url}
          aria-label={t('share.link')}
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
        />
      )}
    </nav>
  );
}
