import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// react-i18next's <Trans> for a given instance (docs/adr/0002-builds-and-sharing.md): bundled into this dialog's chunk,
// so the shared react-i18next every page starts with does not carry it (nor its HTML parser).
import { Trans } from 'react-i18next/TransWithoutContext';
import { onSiteEvent, readToastCustomClass, type ToastRequest } from '@reelkeep/shared-contracts';
import { Dialog } from '@reelkeep/shared-contracts/ui';
import * as dialogStyles from './Dialog.module.css';
import * as styles from './AlertHost.module.css';

type AlertRequest = ToastRequest & { id: number };

/** The frame's look of the site's dialog. */
const DIALOG_CLASSES = { backdrop: dialogStyles.backdrop!, panel: dialogStyles.panel!, close: dialogStyles.close! };

/**
 * The inline tags a translated message may use (docs/frame.md "Dialogs"), as elements of our own: attributes
 * written in the translation are dropped, any other tag shows as text.
 */
const MESSAGE_TAGS = {
  b: <Bold />,
  strong: <Strong />,
  em: <Emphasis />,
  i: <Italic />,
  br: <LineBreak />,
};
// Components, not bare elements: react-i18next hands a tag's attributes to its component as props, and these read
// none but their children.
function Bold({ children }: { children?: ReactNode }) {
  return <b>{children}</b>;
}
function Strong({ children }: { children?: ReactNode }) {
  return <strong>{children}</strong>;
}
function Emphasis({ children }: { children?: ReactNode }) {
  return <em>{children}</em>;
}
function Italic({ children }: { children?: ReactNode }) {
  return <i>{children}</i>;
}
function LineBreak() {
  return <br />;
}
/** The values are escaped before react-i18next reads the message's tags, so a value that holds markup shows as text. */
const ESCAPED_VALUES = { interpolation: { escapeValue: true } };

/**
 * The toast / confirm / alert dialog (docs/frame.md "Dialogs"), opened by any remote with the `toastRequested`
 * event. Only one exists at a time: a new request replaces the one on screen. The primary button runs the
 * request's `onConfirm` and closes; the cancel button runs `onCancel` and closes; Escape, the backdrop and the
 * close button only close.
 */
export function AlertHost({ onReady }: { onReady?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [request, setRequest] = useState<AlertRequest | null>(null);
  useEffect(() => {
    let sequence = 0;
    const off = onSiteEvent('toastRequested', (detail) => setRequest({ ...detail, id: (sequence += 1) }));
    onReady?.();
    return off;
  }, [onReady]);
  const close = useCallback(() => setRequest(null), []);
  if (!request) return null;
  const kind = request.modalType ?? 'toast';
  const confirm = () => {
    request.onConfirm?.();
    close();
  };
  const cancel = () => {
    request.onCancel?.();
    close();
  };
  // docs/frame.md "Dialogs": markup only from a translation, through <Trans>; its values escaped.
  const message = request.messageKey ? (
    <span>
      <Trans
        i18n={i18n}
        i18nKey={request.messageKey}
        values={request.messageValues}
        components={MESSAGE_TAGS}
        tOptions={ESCAPED_VALUES}
        shouldUnescape
      />
    </span>
  ) : (
    request.message
  );
  const headingId = `alert-${request.id}`;
  // Only a path of this site: a caller cannot send the visitor elsewhere through the frame's dialog.
  const href = request.href && /^\/(?!\/)/.test(request.href) ? request.href : undefined;
  // docs/frame.md "Dialogs": the caller's own class names (its stylesheet styles its toast), nothing else.
  const customClass = readToastCustomClass(request.customClass);
  return (
    <Dialog
      classes={DIALOG_CLASSES}
      onClose={close}
      labelledBy={headingId}
      className={customClass ? `${styles.alert} ${customClass}` : styles.alert}
      showClose={request.showClose ?? true}
    >
      {request.icon !== false && (
        <div className={styles.icon} data-kind={kind} aria-hidden="true">
          {kind === 'failure' ? '!' : kind === 'confirm' ? '?' : '✓'}
        </div>
      )}
      <h2 id={headingId} className={styles.title}>
        {request.title ?? message}
      </h2>
      {request.title && <p className={styles.message}>{message}</p>}
      <div className={styles.buttons}>
        {kind === 'confirm' && (
          <button type="button" className={styles.ghost} onClick={cancel}>
            {request.cancelText ?? t('dialog.cancel')}
          </button>
        )}
        {href ? (
          <a className={styles.primary} href={href} onClick={() => setTimeout(confirm, 0)}>
            {request.buttonText ?? t('dialog.ok')}
          </a>
        ) : (
          <button type="button" className={styles.primary} onClick={confirm}>
            {request.buttonText ?? t('dialog.ok')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
