import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  postJson,
  readCookie,
  googleSignInAnswerSchema,
  selectLocale,
  selectSignedIn,
  toLocalePath,
  toSameSitePath,
  type PostedInput,
  type ProvidersDto,
  type googleSignInInput,
  DS,
} from '@reelkeep/shared-contracts';
import * as styles from './AccountPage.module.css';

/** What the page needs to offer Google sign-in (null when no client id is configured). */
export type GoogleConfig = ProvidersDto['google'];

/** The parts of Google Identity Services the site calls. */
interface IdentityServices {
  initialize(options: {
    client_id: string;
    callback: (answer: { credential: string }) => void;
    ux_mode?: 'popup';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
    itp_support?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  prompt(): void;
  cancel(): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: IdentityServices } };
  }
}

/** docs/accounts.md "Google sign-in": after a failed social sign-in, the window closes or the visitor goes home after 2 s. */
const ERROR_REDIRECT_MS = 2000;
/** Session storage key of the route to return to after signing in (docs/accounts.md "Google sign-in"). */
const LOGIN_FROM_ROUTE = 'login_from_route';

let scriptLoad: Promise<void> | undefined;
function loadIdentityServices(src: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/**
 * Google sign-in: the button, and One Tap when nobody is signed in. Google hands the page an ID token, the server
 * verifies it and opens a session; then the return rules of docs/accounts.md "Google sign-in": in an analytics-login popup the window closes,
 * else the visitor goes to the previous same-site route or the account page.
 */
export function GoogleSignIn({ google, returnPath }: { google: GoogleConfig; returnPath: string }) {
  const { t } = useTranslation('member');
  const locale = useSelector(selectLocale);
  const signedIn = useSelector(selectSignedIn);
  const button = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'idle' | 'busy' | 'failed' | 'exists' | 'unavailable'>('idle');

  useEffect(() => {
    if (!google) return;
    let active = true;
    const finish = async (credential: string) => {
      setStatus('busy');
      const back = returnPath || sessionStorage.getItem(LOGIN_FROM_ROUTE) || '';
      const answer = await postJson(
        '/api/account/google',
        { credential, locale, return: back } satisfies PostedInput<typeof googleSignInInput>,
        googleSignInAnswerSchema,
      );
      const inPopup = Boolean(window.opener) && readCookie(document.cookie, 'isAnalyticsLogin') !== undefined;
      if (answer.cscode === 409) return setStatus('exists');
      if (answer.cscode !== 200) {
        setStatus('failed');
        window.setTimeout(() => (inPopup ? window.close() : window.location.assign(toLocalePath(locale, '/'))), ERROR_REDIRECT_MS);
        return;
      }
      sessionStorage.removeItem(LOGIN_FROM_ROUTE);
      if (inPopup) return window.close();
      window.location.assign(toSameSitePath(answer.return, window.location.origin) ?? toLocalePath(locale, '/my-account'));
    };
    loadIdentityServices(google.scriptUrl)
      .then(() => {
        const id = window.google?.accounts?.id;
        if (!active || !id || !button.current) return;
        id.initialize({
          client_id: google.clientId,
          callback: ({ credential }) => void finish(credential),
          ux_mode: 'popup',
          auto_select: false,
          cancel_on_tap_outside: true,
          use_fedcm_for_prompt: true,
          itp_support: true,
        });
        id.renderButton(button.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          logo_alignment: 'left',
          locale,
          width: 300,
        });
        // docs/accounts.md "Google sign-in": One Tap only without a session.
        if (!signedIn) id.prompt();
      })
      .catch(() => active && setStatus('unavailable'));
    return () => {
      active = false;
      window.google?.accounts?.id?.cancel();
    };
  }, [google, locale, returnPath, signedIn]);

  if (!google) return null;
  return (
    <div className={styles.social}>
      <div ref={button} className={styles.googleButton} aria-busy={status === 'busy'} />
      {status === 'failed' && (
        <p className={DS.formProblem} role="alert">
          {t('google.failed')}
        </p>
      )}
      {status === 'exists' && (
        <p className={DS.formProblem} role="alert">
          {t('google.exists')}
        </p>
      )}
      {status === 'unavailable' && (
        <p className={DS.fieldHint} role="status">
          {t('google.unavailable')}
        </p>
      )}
      <p className={styles.divider}>{t('google.or')}</p>
    </div>
  );
}
