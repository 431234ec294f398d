import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  checkField,
  formAnswerSchema,
  newsletterChoiceAnswerSchema,
  postJson,
  PUSH_SERVICE_WORKER_SCOPE,
  PUSH_UNSUBSCRIBE_ENDPOINT,
  siteAnswerSchema,
  toLocalePath,
  selectLocale,
  selectUser,
  type PageProps,
  type PostedInput,
  type changePasswordInput,
  type newsletterPreferenceInput,
  DS,
} from '@reelkeep/shared-contracts';
import type { OrderDto } from '@reelkeep/shared-contracts';
import { OrdersSection } from './OrdersSection.tsx';
import { Field, FormProblem, useSiteForm } from '@reelkeep/shared-contracts/ui';
import * as styles from './AccountPage.module.css';

/** docs/accounts.md "Logout": the browser's storage is cleared as the session ends. */
function clearStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage blocked by the browser: nothing to clear
  }
}

/** What a returned account form reported. */
export interface MyAccountData {
  /** Null when the checkout squad's API did not answer. */
  orders: OrderDto[] | null;
  /** Whether the account's address gets the newsletter; null when the site's API did not answer. */
  newsletter: boolean | null;
  newsletterSaved: boolean;
  /** The switch was turned on for an address the account has not proven: a confirmation link was mailed. */
  newsletterPending: boolean;
  deviceRemoved: boolean;
  deviceError: string | null;
  passwordChanged: boolean;
  passwordError: string | null;
  deleteError: string | null;
}

/** The newsletter switch of the account's address (a form that also works without JavaScript). */
function NewsletterPreference({ initial, saved, pending }: { initial: boolean | null; saved: boolean; pending: boolean }) {
  const { t } = useTranslation('my_account');
  const locale = useSelector(selectLocale);
  const [subscribed, setSubscribed] = useState(initial ?? false);
  // A result stays on screen until the box is changed again.
  const [changedSinceSaving, setChangedSinceSaving] = useState(false);
  const save = useSiteForm<string | null>(
    async () => {
      setChangedSinceSaving(false);
      const body = await postJson(
        '/api/site/newsletter-preference',
        { subscribed: subscribed ? 'true' : 'false', locale } satisfies PostedInput<typeof newsletterPreferenceInput>,
        newsletterChoiceAnswerSchema,
      );
      if (body.cscode !== 200) return 'failed';
      // docs/forms.md "Newsletter": an address the account has not proven is asked by mail first.
      if (body.pending) {
        setSubscribed(false);
        return 'pending';
      }
      return 'saved';
    },
    pending ? 'pending' : saved ? 'saved' : null,
  );
  if (initial === null) return null;
  const status = changedSinceSaving ? null : save.state;
  return (
    <form className={styles.form} method="post" action="/api/site/newsletter-preference" onSubmit={save.onSubmit} aria-labelledby="newsletter">
      <h2 className={styles.subheading} id="newsletter">
        {t('newsletter.title')}
      </h2>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="subscribed" value="false" />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="subscribed"
          value="true"
          checked={subscribed}
          onChange={(event) => {
            setSubscribed(event.target.checked);
            setChangedSinceSaving(true);
          }}
        />
        {t('newsletter.label')}
      </label>
      {status && (
        <p className={status === 'failed' ? DS.formProblem : styles.notice} role="status">
          {t(`newsletter.${status}`)}
        </p>
      )}
      <button className={styles.secondary} type="submit" disabled={save.pending}>
        {t('newsletter.save')}
      </button>
    </form>
  );
}

/** This browser's push subscription, ended in the browser; its endpoint, for the server to forget it too. */
async function endBrowserSubscription(): Promise<string | undefined> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER_SCOPE) : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** docs/push.md "Unsubscribing": turns notifications off for every browser of the account (a form without JavaScript). */
function PushPreference() {
  const { t } = useTranslation('my_account');
  const locale = useSelector(selectLocale);
  const [status, setStatus] = useState<'done' | 'failed' | null>(null);
  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const endpoint = await endBrowserSubscription().catch(() => undefined);
    const body = await postJson(PUSH_UNSUBSCRIBE_ENDPOINT, { all: 'true', locale, ...(endpoint ? { endpoint } : {}) }, siteAnswerSchema);
    setStatus(body.cscode === 200 ? 'done' : 'failed');
  };
  return (
    <form className={styles.form} method="post" action={PUSH_UNSUBSCRIBE_ENDPOINT} onSubmit={turnOff} aria-labelledby="push">
      <h2 className={styles.subheading} id="push">
        {t('push.title')}
      </h2>
      <p>{t('push.lead')}</p>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="all" value="true" />
      {status && (
        <p className={status === 'done' ? styles.notice : DS.formProblem} role="status">
          {t(`push.${status}`)}
        </p>
      )}
      <button className={styles.secondary} type="submit">
        {t('push.off')}
      </button>
    </form>
  );
}

/** `/my-account`: profile, password, orders, downloads, and the visitor's data (export, delete). */
export function MyAccountPage({ pageName, data }: PageProps<MyAccountData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const user = useSelector(selectUser);
  const passwordForm = useRef<HTMLFormElement>(null);
  const changePassword = useSiteForm<string | null>(
    async (_previous, fields) => {
      if (checkField('password_v2', String(fields.get('new_password') ?? '')) !== 'valid') return 'invalid';
      const body = await postJson(
        '/api/account/password',
        {
          current_password: String(fields.get('current_password') ?? ''),
          new_password: String(fields.get('new_password') ?? ''),
          locale,
        } satisfies PostedInput<typeof changePasswordInput>,
        formAnswerSchema,
      );
      if (body.cscode !== 200) return body.problems?.password ?? 'failed';
      passwordForm.current?.reset();
      return 'changed';
    },
    data.passwordChanged ? 'changed' : data.passwordError,
  );
  const passwordStatus = changePassword.state;

  return (
    <section className={`${DS.formCard} ${styles.wide}`} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      <p className={styles.lead}>{t('greeting', { name: user?.name ?? '' })}</p>
      <dl className={styles.profile}>
        <dt>{t('profile.name')}</dt>
        <dd>{user?.name}</dd>
        <dt>{t('profile.email')}</dt>
        <dd>{user?.email}</dd>
      </dl>

      <OrdersSection orders={data.orders} deviceRemoved={data.deviceRemoved} deviceError={data.deviceError} />

      <h2 className={styles.subheading}>{t('downloads.title')}</h2>
      <p className={styles.downloads}>
        <a className={styles.secondary} href="/mlink?p=reelkeep-setup.exe">
          {t('downloads.win')}
        </a>
        <a className={styles.secondary} href="/mlink?p=reelkeep.dmg">
          {t('downloads.mac')}
        </a>
      </p>
      <p className={DS.fieldHint}>
        <a href={toLocalePath(locale, '/downloading')}>{t('downloads.link')}</a>
      </p>

      <h2 className={styles.subheading} id="password">
        {t('password.title')}
      </h2>
      {user?.hasPassword === false ? (
        <p className={DS.fieldHint}>
          {t('password.none')} <a href={toLocalePath(locale, '/set-password')}>{t('password.set_link')}</a>
        </p>
      ) : (
        <form ref={passwordForm} className={styles.form} method="post" action="/api/account/password" noValidate onSubmit={changePassword.onSubmit}>
          <input type="hidden" name="locale" value={locale} />
          {passwordStatus && (
            <p className={passwordStatus === 'changed' ? styles.notice : DS.formProblem} role={passwordStatus === 'changed' ? 'status' : 'alert'}>
              {t(`password.result.${passwordStatus}`)}
            </p>
          )}
          <Field id="current-password" label={t('password.current')} name="current_password" type="password" autoComplete="current-password" />
          <Field
            id="new-password"
            label={t('password.new')}
            name="new_password"
            type="password"
            autoComplete="new-password"
            hint={t('password.hint')}
          />
          <button className={styles.secondary} type="submit" disabled={changePassword.pending}>
            {t('password.submit')}
          </button>
        </form>
      )}

      <NewsletterPreference initial={data.newsletter} saved={data.newsletterSaved} pending={data.newsletterPending} />
      <PushPreference />

      <h2 className={styles.subheading}>{t('data.title')}</h2>
      <p className={DS.fieldHint}>
        <a href="/api/account/export" download>
          {t('data.export')}
        </a>
      </p>
      <form className={styles.form} method="post" action="/api/account/delete">
        <input type="hidden" name="locale" value={locale} />
        <p className={DS.fieldHint}>{t('data.delete_text')}</p>
        <FormProblem>{data.deleteError && t(`data.delete_error.${data.deleteError}`)}</FormProblem>
        <Field id="delete-confirm" label={t('data.delete_confirm')} name="confirm_email" type="email" autoComplete="off" />
        <button className={styles.danger} type="submit">
          {t('data.delete_submit')}
        </button>
      </form>

      <form method="post" action="/logout" className={styles.form} onSubmit={clearStorage}>
        <input type="hidden" name="locale" value={locale} />
        <button className={styles.secondary} type="submit">
          {t('logout')}
        </button>
      </form>
    </section>
  );
}
