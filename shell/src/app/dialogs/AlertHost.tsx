import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import { onSiteEvent, type SiteEvents } from '@reelkeep/shared-contracts';
import { Dialog } from './Dialog.tsx';
import * as styles from './AlertHost.module.css';

type AlertRequest = SiteEvents['toastRequested'] & { id: number };

/**
 * The toast / confirm / alert dialog (docs/frame.md "Dialogs"), opened by any remote with the `toastRequested`
 * event. Only one exists at a time: a new request replaces the one on screen.
 */
export function AlertHost({ onReady }: { onReady?: () => void }) {
  const { t } = useTranslation('common');
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
  return (
    <Dialog open onClose={close} labelledBy={`alert-${request.id}`} className={styles.alert}>
      <div className={styles.icon} data-kind={kind} aria-hidden="true">
        {kind === 'failure' ? '!' : kind === 'confirm' ? '?' : '✓'}
      </div>
      <h2 id={`alert-${request.id}`} className={styles.title}>
        {request.title ?? request.message}
      </h2>
      {request.title && <p className={styles.message}>{request.message}</p>}
      <div className={styles.buttons}>
        {kind === 'confirm' && (
          <button type="button" className={styles.ghost} onClick={close}>
            {request.cancelText ?? t('dialog.cancel')}
          </button>
        )}
        <button type="button" className={styles.primary} onClick={close}>
          {request.buttonText ?? t('dialog.ok')}
        </button>
      </div>
    </Dialog>
  );
}
