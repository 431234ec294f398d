import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  checkField,
  formAnswerSchema,
  loginAnswerSchema,
  postJson,
  solveSiteCaptcha,
  toLocalePath,
  toSameSitePath,
  selectLocale,
  DS,
  type PageProps,
  type PostedInput,
  type loginInput,
  type registerInput,
  type SharedState,
  type SumCaptchaDto,
} from '@reelkeep/shared-contracts';
import { Field, FormProblem, useSiteForm } from '@reelkeep/shared-contracts/ui';
import { GoogleSignIn, type GoogleConfig } from './GoogleSignIn.tsx';
import { NoScriptCaptcha } from './NoScriptCaptcha.tsx';
import * as styles from './AccountPage.module.css';

/** Data of the login page. */
export interface LoginPageData {
  email: string;
  returnPath: string;
  error: string | null;
  /** The visitor just chose a new password. */
  reset: boolean;
  /** The question for visitors without JavaScript, once the account asks for a captcha (docs/security.md "Per-account limits"). */
  sum: SumCaptchaDto | null;
  /**
   * A desktop hand-off to confirm: the app's one-time token and its query, the account it opens, and who is
   * signed in now (docs/security.md "Desktop hand-off").
   */
  handoff: { token: string; clientE: string; clientM: string; accountEmail: string; signedInAs: string | null } | null;
  google: GoogleConfig;
}

/** Data of the registration page. */
export interface RegisterPageData {
  sum: SumCaptchaDto;
  name: string;
  email: string;
  problems: Record<string, string>;
  google: GoogleConfig;
}

/**
 * The desktop hand-off, confirmed by the visitor (docs/security.md "Desktop hand-off"): a link from anywhere only
 * shows this page; the token is used when the visitor posts it from here, and a visitor signed in to another
 * account is told first that continuing ends that session.
 */
function HandoffForm({ handoff, pageName }: { handoff: NonNullable<LoginPageData['handoff']>; pageName: string }) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const switching = handoff.signedInAs !== null && handoff.signedInAs.toLowerCase() !== handoff.accountEmail.toLowerCase();
  return (
    <form className={styles.form} method="post" action="/api/account/handoff">
      <input type="hidden" name="token" value={handoff.token} />
      <input type="hidden" name="client_e" value={handoff.clientE} />
      <input type="hidden" name="client_m" value={handoff.clientM} />
      <input type="hidden" name="locale" value={locale} />
      {switching && <input type="hidden" name="replace" value="1" />}
      <p className={styles.lead}>{t('handoff_confirm', { email: handoff.accountEmail })}</p>
      {switching && <FormProblem>{t('handoff_switch', { current: handoff.signedInAs, email: handoff.accountEmail })}</FormProblem>}
      <button className={styles.submit} type="submit">
        {t('handoff_continue', { email: handoff.accountEmail })}
      </button>
      <p className={styles.aside}>
        <a href={toLocalePath(locale, switching ? '/my-account' : '/')}>{t('handoff_cancel')}</a>
      </p>
    </form>
  );
}

/** `/login`: e-mail and password; works without JavaScript (the server answers with a redirect). */
export function LoginPage({ pageName, data }: PageProps<LoginPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  if (data.handoff) {
    return (
      <section className={DS.formCard} aria-labelledby="account-heading">
        <h1 id="account-heading" className={styles.heading}>
          {t('heading')}
        </h1>
        {data.error === 'handoff_other_session' && <FormProblem>{t('problems.handoff_other_session')}</FormProblem>}
        <HandoffForm handoff={data.handoff} pageName={pageName} />
      </section>
    );
  }
  return <PasswordLogin pageName={pageName} data={data} locale={locale} />;
}

function PasswordLogin({ pageName, data, locale }: { pageName: string; data: LoginPageData; locale: SharedState['locale']['current'] }) {
  const { t } = useTranslation(pageName);
  const [email, setEmail] = useState(data.email);
  const login = useSiteForm<string | null>(async (problem, fields) => {
    const password = String(fields.get('password') ?? '');
    if (checkField('email', email) !== 'valid' || !password) return 'invalid';
    const send = (altcha?: string) =>
      postJson(
        '/api/account/login',
        { email, password, locale, return: data.returnPath, altcha } satisfies PostedInput<typeof loginInput>,
        loginAnswerSchema,
      );
    let answer = await send();
    // docs/security.md "Per-account limits": an account under guard wants a fresh captcha with every attempt.
    if (answer.problems?.form === 'captcha_required') answer = await send(await solveSiteCaptcha().catch(() => undefined));
    if (answer.cscode !== 200) return answer.problems?.form ?? 'failed';
    // docs/security.md "Redirects": the server checked the path; the page checks it again before leaving.
    window.location.assign(toSameSitePath(answer.return, window.location.origin) ?? toLocalePath(locale, '/my-account'));
    return problem;
  }, data.error);
  const problem = login.state;

  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      {data.reset && (
        <p className={styles.notice} role="status">
          {t('reset_done')}
        </p>
      )}
      <GoogleSignIn google={data.google} returnPath={data.returnPath} />
      <form className={styles.form} method="post" action="/api/account/login" noValidate onSubmit={login.onSubmit}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="return" value={data.returnPath} />
        <FormProblem>{problem && t(`problems.${problem}`)}</FormProblem>
        <Field
          id="login-email"
          label={t('email_label')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Field id="login-password" label={t('password_label')} name="password" type="password" autoComplete="current-password" />
        {data.sum && <NoScriptCaptcha id="login-captcha" label={t('captcha_question')} sum={data.sum} />}
        <p className={styles.aside}>
          <a href={toLocalePath(locale, '/forgot-password')}>{t('forgot_link')}</a>
        </p>
        <button className={styles.submit} type="submit" disabled={login.pending}>
          {t('submit')}
        </button>
      </form>
      <p className={styles.switch}>
        {t('no_account')} <a href={toLocalePath(locale, '/register')}>{t('register_link')}</a>
      </p>
    </section>
  );
}

/** `/register`: name, e-mail, password (docs/forms.md "Passwords") and the site captcha; works without JavaScript. */
export function RegisterPage({ pageName, data }: PageProps<RegisterPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [fields, setFields] = useState({ name: data.name, email: data.email });
  const proof = useRef<Promise<string> | null>(null);
  const startProof = () => {
    proof.current ??= solveSiteCaptcha();
  };

  const registration = useSiteForm<Record<string, string>>(async (_previous, submitted) => {
    const password = String(submitted.get('password') ?? '');
    const found: Record<string, string> = {};
    const emailStatus = checkField('email', fields.email);
    if (emailStatus !== 'valid') found.email = emailStatus;
    const passwordStatus = checkField('password_v2', password);
    if (passwordStatus !== 'valid') found.password = passwordStatus;
    if (Object.keys(found).length > 0) return found;
    try {
      startProof();
      const altcha = await proof.current!;
      proof.current = null;
      const answer = await postJson(
        '/api/account/register',
        { ...fields, password, locale, altcha } satisfies PostedInput<typeof registerInput>,
        formAnswerSchema,
      );
      if (answer.cscode !== 200) return answer.problems ?? { form: 'failed' };
      window.location.assign(toLocalePath(locale, '/my-account'));
      return {};
    } catch {
      return { form: 'failed' };
    }
  }, data.problems);
  const problems = registration.state;

  const problemText = (field: string) => (problems[field] ? t(`problems.${field}.${problems[field]}`) : null);
  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      <GoogleSignIn google={data.google} returnPath="" />
      <form className={styles.form} method="post" action="/api/account/register" noValidate onSubmit={registration.onSubmit} onFocus={startProof}>
        <input type="hidden" name="locale" value={locale} />
        <FormProblem>{problems.form && t(`problems.form.${problems.form}`)}</FormProblem>
        <Field
          id="register-name"
          label={t('name_label')}
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
        />
        <Field
          id="register-email"
          label={t('email_label')}
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          problem={problemText('email')}
          onChange={(event) => setFields({ ...fields, email: event.currentTarget.value })}
        />
        <Field
          id="register-password"
          label={t('password_label')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('password_hint')}
          problem={problemText('password')}
        />
        <NoScriptCaptcha id="register-captcha" label={t('captcha_question')} sum={data.sum} />
        {problems.captcha && (
          <p className={DS.fieldProblem} role="alert">
            {t('problems.captcha.invalid')}
          </p>
        )}
        <button className={styles.submit} type="submit" disabled={registration.pending}>
          {t('submit')}
        </button>
      </form>
      <p className={styles.switch}>
        {t('have_account')} <a href={toLocalePath(locale, '/login')}>{t('login_link')}</a>
      </p>
    </section>
  );
}
