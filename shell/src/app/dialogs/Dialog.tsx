import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './Dialog.module.css';

/** Options of the generic dialog (docs/frame.md "Dialogs"): Escape closes, backdrop click optionally, optional close button. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  closeOnBackdrop?: boolean;
  showClose?: boolean;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first (or the panel) to the last: focus stays in the dialog. */
function keepFocusInside(event: KeyboardEvent, panel: HTMLElement): void {
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The generic dialog: locks page scroll while open, keeps Tab inside, and returns focus when it closes. */
export function Dialog({ open, onClose, labelledBy, closeOnBackdrop = true, showClose = true, className, children }: DialogProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previousFocus = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && panel.current) keepFocusInside(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
      previousFocus?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className={styles.backdrop} onClick={(event) => closeOnBackdrop && event.target === event.currentTarget && onClose()}>
      <div ref={panel} className={`${styles.panel} ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1}>
        {showClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialog.close')}>
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
