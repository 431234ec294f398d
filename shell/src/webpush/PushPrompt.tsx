import { useEffect, useState } from 'react';
import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import { useSelector } from 'react-redux';
import { isSecureSite, PUSH_COOKIE, PUSH_COOKIE_MAX_AGE_S, selectLocale, serialiseCookie } from '@reelkeep/shared-contracts';
import { useNavigatorState } from '../routing/navigator.ts';
import { decidePushPrompt, PUSH_PROMPTED_SESSION_KEY } from './push-prompt-rules.ts';
import { subscribeAndReport } from './push-subscription.ts';
import * as styles from './PushPrompt.module.css';

function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function readPromptedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(PUSH_PROMPTED_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function markPromptedThisSession(): void {
  try {
    window.sessionStorage.setItem(PUSH_PROMPTED_SESSION_KEY, '1');
  } catch {
    // Storage off: the cookie still keeps a decline.
  }
}

/**
 * The web push offer (docs/push.md "Subscribing"), loaded 7 s after hydration: subscribes at once when the
 * visitor allowed notifications before, otherwise shows a small card whose button asks the browser (a
 * permission prompt needs the visitor's gesture); "No thanks" is remembered 30 days.
 */
export default function PushPrompt() {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const route = useNavigatorState().payload.match?.route;
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const decision = decidePushPrompt({
      route,
      cookies: document.cookie,
      promptedThisSession: readPromptedThisSession(),
      supported: isPushSupported(),
      permission: isPushSupported() ? Notification.permission : 'denied',
    });
    if (decision === 'skip') return;
    markPromptedThisSession();
    if (decision === 'ask') setAsking(true);
    else void subscribeAndReport(locale).catch(() => false);
    // One attempt per session: decided once, on the page on screen when the delay passed.
  }, []);

  // A client navigation to checkout hides the card (docs/push.md "When the offer is made").
  if (!asking || route === 'checkout') return null;
  const close = () => setAsking(false);
  return (
    <section className={styles.card} role="dialog" aria-labelledby="rk-push-title" data-testid="push-prompt">
      <h2 id="rk-push-title" className={styles.title}>
        {t('push_prompt.title')}
      </h2>
      <p className={styles.text}>{t('push_prompt.body')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            document.cookie = serialiseCookie(PUSH_COOKIE, 'declined', {
              maxAgeS: PUSH_COOKIE_MAX_AGE_S,
              secure: isSecureSite(window.location.origin),
            });
            close();
          }}
        >
          {t('push_prompt.decline')}
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            close();
            void Notification.requestPermission()
              .then((permission) => (permission === 'granted' ? subscribeAndReport(locale) : false))
              .catch(() => false);
          }}
        >
          {t('push_prompt.allow')}
        </button>
      </div>
    </section>
  );
}
