import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import {
  isSecureSite,
  promptClosed,
  promptOffered,
  promptWithdrawn,
  PUSH_COOKIE,
  PUSH_COOKIE_MAX_AGE_S,
  PUSH_PROMPT_DELAY_MS,
  selectLocale,
  selectPromptOnScreen,
  serialiseCookie,
} from '@reelkeep/shared-contracts';
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
 * The web push offer (docs/push.md "Subscribing"), loaded once the page is hydrated: subscribes 7 s after load when
 * the visitor allowed notifications before, otherwise offers a small card to the frame's prompt queue, with its 7 s
 * counted from when the screen is free of other prompts (docs/frame.md "Prompts"). Its button asks the browser (a
 * permission prompt needs the visitor's gesture); "No thanks" is remembered 30 days.
 */
export default function PushPrompt() {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const onScreen = useSelector(selectPromptOnScreen) === 'push-offer';
  const dispatch = useDispatch();
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
    if (decision !== 'ask') dispatch(promptWithdrawn('push-offer'));
    if (decision === 'ask') {
      setAsking(true);
      dispatch(promptOffered('push-offer', PUSH_PROMPT_DELAY_MS));
      return;
    }
    if (decision === 'skip') return;
    // Nothing to ask: no card, so no turn in the queue; the subscription is renewed 7 s after load, as before.
    markPromptedThisSession();
    const timer = setTimeout(() => void subscribeAndReport(locale).catch(() => false), Math.max(0, PUSH_PROMPT_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
    // One attempt per session: decided once, on the page on screen when the offer's code loaded.
  }, []);

  useEffect(() => {
    // The session's attempt is the card on screen, not the offer: a visitor who never got to it is offered again on the next page.
    if (asking && onScreen) markPromptedThisSession();
  }, [asking, onScreen]);

  // A client navigation to checkout hides the card (docs/push.md "When the offer is made").
  if (!asking || !onScreen || route === 'checkout') return null;
  const close = () => {
    setAsking(false);
    dispatch(promptClosed('push-offer'));
  };
  return (
    <section className={styles.card} role="dialog" aria-labelledby="rk-push-title" data-testid="push-prompt" data-prompt="push-offer">
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
