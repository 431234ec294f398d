import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The class names of a dialog's parts: each app styles its dialogs with its own CSS module. */
export interface DialogClasses {
  backdrop: string;
  panel: string;
  close: string;
}

/** A modal dialog (docs/frame.md "Dialogs"). */
export interface DialogProps {
  labelledBy: string;
  /** Escape, the close button and (with `closeOnBackdrop`) a click on the backdrop call it. */
  onClose: () => void;
  classes: DialogClasses;
  /** Another class of the panel, beside `classes.panel`. */
  className?: string;
  closeOnBackdrop?: boolean;
  showClose?: boolean;
  /** `data-*` attributes of the panel (the prompt queue finds a campaign modal by `data-prompt`). */
  panelData?: Record<`data-${string}`, string>;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first (or the panel) to the last: focus stays in `panel`. */
export function keepFocusInside(event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>, panel: HTMLElement): void {
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = panel.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The site's one modal (the shell's alert dialog and the campaign dialogs use it): labelled by its heading, focus
 * moved into the panel and kept inside (Tab wraps), Escape and the close button close it, page scroll is locked
 * while it is open and focus goes back where it was when it closes. Mount it to open it.
 */
export function Dialog({ labelledBy, onClose, classes, className, closeOnBackdrop = true, showClose = true, panelData, children }: DialogProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent's new callback neither re-runs the effect nor steals focus back.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      else if (event.key === 'Tab' && panel.current) keepFocusInside(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
      previousFocus?.focus?.();
    };
  }, []);
  const panelAttributes: HTMLAttributes<HTMLDivElement> = { ...panelData };
  return (
    <div className={classes.backdrop} onClick={(event) => closeOnBackdrop && event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`${classes.panel} ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        {...panelAttributes}
      >
        {showClose && (
          <button type="button" className={classes.close} onClick={onClose} aria-label={t('dialog.close')}>
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
