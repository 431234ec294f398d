import type { TrackingData, TrackingEventName } from './tracking-contract.ts';

/**
 * A toast, confirm or failure dialog (docs/frame.md "Dialogs"). The message is plain text (`message`), or HTML from
 * a translation (`messageKey`, e.g. `campaign:dialogs.copied`, with `messageValues`): the dialog keeps a few inline
 * tags of the translation and escapes everything else, values included, so no caller can put its own markup on the page.
 */
export interface ToastRequest {
  title?: string;
  /** Plain text, shown as it is. */
  message?: string;
  /** A translation key (`namespace:key`) whose text may use `<b>`, `<strong>`, `<em>`, `<i>` and `<br>`. Since 3.1.0. */
  messageKey?: string;
  /** Values of the translation's `{{placeholders}}`, escaped. Since 3.1.0. */
  messageValues?: Record<string, string | number>;
  modalType?: 'toast' | 'confirm' | 'failure';
  buttonText?: string;
  cancelText?: string;
  /** Whether the kind's icon shows (default true). Since 3.1.0. */
  icon?: boolean;
  /** Whether the close button shows (default true). Since 3.1.0. */
  showClose?: boolean;
  /** A same-site path the primary button leads to, as a link. Since 3.1.0. */
  href?: string;
  /** Runs when the primary button is pressed, before the dialog closes. Since 3.1.0. */
  onConfirm?: () => void;
  /** Runs when the cancel button is pressed (not on Escape, the backdrop or the close button), before the dialog closes. Since 3.1.0. */
  onCancel?: () => void;
  /**
   * The spec's `customClass`: class names (letters, digits, `-` and `_`, up to 3, space-separated) added to the dialog's
   * panel, so a remote can style its toast with its own stylesheet; anything else is ignored. Since 3.2.0.
   */
  customClass?: string;
}

/** Class names a toast may carry: up to three CSS identifiers, space-separated. */
export const TOAST_CUSTOM_CLASS_PATTERN = /^-?[A-Za-z_][\w-]{0,63}(?: -?[A-Za-z_][\w-]{0,63}){0,2}$/;

/** The toast's custom class as the dialog uses it: the caller's class names when they are class names, else none. */
export function readToastCustomClass(customClass: string | undefined): string | undefined {
  return customClass !== undefined && TOAST_CUSTOM_CLASS_PATTERN.test(customClass) ? customClass : undefined;
}

/**
 * Typed events remotes and the shell exchange on `window` (CustomEvent with a `reelkeep:` prefix). Each one has
 * a listener in the shell; an event nobody listens to does not belong here.
 */
export interface SiteEvents {
  /** Asks the shell to navigate client-side to a same-site path. */
  navigationRequested: { path: string; replace?: boolean };
  /** Asks the shell to show a toast or confirm dialog (docs/frame.md "Dialogs"). Offered to remotes; none asks yet. */
  toastRequested: ToastRequest;
  /** Asks the shell to show the consent question again (the visitor's "Cookie settings"). Since 1.3.0. */
  consentRequested: Record<string, never>;
  /** Asks the campaign squad's dialogs to open the coupon modal (the banner on the store page). Since 1.4.0. */
  couponModalRequested: Record<string, never>;
  /**
   * Tells the shell a popup came on screen by itself or on request (the coupon modal, the image ad), so it dates the
   * popups for a day (`is_popup_dated`) and counts it in the guest record (docs/tracking.md "Visitor cookies"). Since 3.2.0.
   */
  popupShown: { kind: 'coupon-modal' | 'image-ad' };
  /**
   * Asks the shell's tracker to send an event (docs/tracking.md "Events"); the visitor's consent decides what it carries. Offered
   * to remotes; the shell sends `custom` (the campaign banner). Since 1.3.0.
   */
  trackRequested: { event: TrackingEventName } & Partial<
    Pick<TrackingData, 'event_category' | 'event_label' | 'event_target' | 'products' | 'pids' | 'order_tag' | 'track_data'>
  >;
}

/** The cookie a shown popup sets for a day (docs/tracking.md "Visitor cookies"); popups do not show by themselves while it is set. */
export const POPUP_DATED_COOKIE = 'is_popup_dated';

/** Name of an event of the site. */
export type SiteEventName = keyof SiteEvents;

const EVENT_PREFIX = 'reelkeep:';

/** Emits a typed site event. */
export function emitSiteEvent<K extends SiteEventName>(name: K, detail: SiteEvents[K]): void {
  window.dispatchEvent(new CustomEvent(EVENT_PREFIX + name, { detail }));
}

/** Subscribes to a typed site event; returns the unsubscribe function. */
export function onSiteEvent<K extends SiteEventName>(name: K, listener: (detail: SiteEvents[K]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SiteEvents[K]>).detail);
  window.addEventListener(EVENT_PREFIX + name, handler);
  return () => window.removeEventListener(EVENT_PREFIX + name, handler);
}
