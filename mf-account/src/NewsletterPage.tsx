import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  checkNewsletterEmail,
  newsletterAnswerSchema,
  postJson,
  selectLocale,
  solveSiteCaptcha,
  type NewsletterStatus,
  type PageProps,
  type PostedInput,
  type newsletterInput,
  type SumCaptchaDto,
  DS,
} from '@reelkeep/shared-contracts';
import { NoScriptCaptcha } from './NoScriptCaptcha.tsx';
import * as styles from './AccountPage.module.css';

/** What the newsletter page's links and forms come back with (docs/forms.md "Newsletter"). */
export type NewsletterResult = 'confirmed' | 'unsubscribed' | 'expired' | 'invalid';

/**
 * Data of `/newsletter`: a mailed link's button (`confirm`, `unsubscribe`), the outcome of one (`result`), or the
 * sign-up with the question for visitors without JavaScript (`subscribe`).
 */
export type NewsletterPageData =
  | { view: 'confirm' | 'unsubscribe'; token: string }
  | { view: 'result'; result: NewsletterResult }
  | { view: 'subscribe'; sum: SumCaptchaDto | null; status: NewsletterStatus };

/** The button of a mailed link: opening the link changes nothing, the button's POST does (mail scanners open links). */
function LinkButton({ pageName, view, token }: { pageName: string; view: 'confirm' | 'unsubscribe'; token: string }) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const action = view === 'confirm' ? '/api/site/newsletter/confirm' : `/api/site/newsletter/unsubscribe/${encodeURIComponent(token)}`;
  return (
    <form className={styles.form} method="post" action={action}>
      <input type="hidden" name="locale" value={locale} />
      {view === 'confirm' ? <input type="hidden" name="token" value={token} /> : <input type="hidden" name="List-Unsubscribe" value="One-Click" />}
      <button className={view === 'confirm' ? styles.submit : styles.danger} type="submit">
        {t(`${view}.submit`)}
      </button>
    </form>
  );
}

/** The sign-up of a visitor whose footer form had no captcha: the page asks the question; with JavaScript it solves the proof of work. */
function SubscribeForm({ pageName, sum, initial }: { pageName: string; sum: SumCaptchaDto | null; initial: NewsletterStatus }) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [status, setStatus] = useState<NewsletterStatus>(initial);
  const [busy, setBusy] = useState(false);

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const problem = checkNewsletterEmail(email);
    if (problem) return setStatus(problem);
    setBusy(true);
    try {
      const altcha = await solveSiteCaptcha();
      const body = await postJson(
        '/email/report',
        { email: email.trim(), type: 2, locale, altcha } satisfies PostedInput<typeof newsletterInput>,
        newsletterAnswerSchema,
      );
      setStatus(body.cscode === 200 ? 'succ' : body.status === 'format' || body.status === 'required' ? body.status : 'fail');
    } catch {
      setStatus('fail');
    }
    setBusy(false);
  };

  return (
    <form id="subscribe" className={styles.form} method="post" action="/email/report" noValidate onSubmit={subscribe}>
      <input type="hidden" name="type" value="2" />
      <input type="hidden" name="locale" value={locale} />
      <label className={DS.fieldLabel} htmlFor="newsletter-page-email">
        {t('common:newsletter.label')}
      </label>
      <input
        className={DS.input}
        id="newsletter-page-email"
        type="email"
        name="email"
        autoComplete="email"
        aria-invalid={status === 'required' || status === 'format'}
        aria-describedby="newsletter-page-status"
      />
      {sum && <NoScriptCaptcha id="newsletter-page-captcha" label={t('subscribe.captcha_question')} sum={sum} />}
      <button className={styles.submit} type="submit" disabled={busy}>
        {t('common:newsletter.submit')}
      </button>
      <p id="newsletter-page-status" className={status === 'succ' ? styles.notice : status === 'empty' ? undefined : DS.formProblem} role="status">
        {status === 'empty' ? null : t(`common:newsletter.status.${status}`)}
      </p>
    </form>
  );
}

/** `/newsletter` (docs/forms.md "Newsletter"): confirm a sign-up, unsubscribe, or sign up with the captcha. */
export function NewsletterPage({ pageName, data }: PageProps<NewsletterPageData>) {
  const { t } = useTranslation(pageName);
  const heading = data.view === 'result' ? t(`result.${data.result}.heading`) : t(`${data.view}.heading`);
  const lead = data.view === 'result' ? t(`result.${data.result}.lead`) : t(`${data.view}.lead`);
  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.lead}>{lead}</p>
      {(data.view === 'confirm' || data.view === 'unsubscribe') && <LinkButton pageName={pageName} view={data.view} token={data.token} />}
      {data.view === 'subscribe' && <SubscribeForm pageName={pageName} sum={data.sum} initial={data.status} />}
    </section>
  );
}
