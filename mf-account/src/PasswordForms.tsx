import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  checkField,
  formAnswerSchema,
  postJson,
  solveSiteCaptcha,
  toLocalePath,
  selectLocale,
  selectSignedIn,
  DS,
  type PageProps,
  type PostedInput,
  type forgotPasswordInput,
  type resetPasswordInput,
  type SumCaptchaDto,
} from '@reelkeep/shared-contracts';
import { Field, FormProblem, useSiteForm } from '@reelkeep/shared-contracts/ui';
import { NoScriptCaptcha } from './NoScriptCaptcha.tsx';
import * as styles from './AccountPage.module.css';

/** Data of the forgot-password page. */
export interface ForgotPasswordData {
  sum: SumCaptchaDto;
  email: string;
  sent: boolean;
  error: string | null;
}

/** Data of the reset-password page: the token from the mailed link. */
export interface ResetPasswordData {
  token: string;
  error: string | null;
}

/** `/forgot-password`: asks for the address and mails a reset link; says the same whether an account exists or not. */
export function ForgotPasswordPage({ pageName, data }: PageProps<ForgotPasswordData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [email, setEmail] = useState(data.email);
  const proof = useRef<Promise<string> | null>(null);
  const startProof = () => {
    proof.current ??= solveSiteCaptcha();
  };

  const request = useSiteForm<{ sent: boolean; problem: string | null }>(
    async () => {
      if (checkField('email', email) !== 'valid') return { sent: false, problem: 'email' };
      try {
        startProof();
        const altcha = await proof.current!;
        proof.current = null;
        const body = await postJson(
          '/api/account/forgot-password',
          { email, locale, altcha } satisfies PostedInput<typeof forgotPasswordInput>,
          formAnswerSchema,
        );
        return body.cscode === 200 ? { sent: true, problem: null } : { sent: false, problem: body.problems?.form ?? 'failed' };
      } catch {
        return { sent: false, problem: 'failed' };
      }
    },
    { sent: data.sent, problem: data.error },
  );
  const { sent, problem } = request.state;

  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      {sent ? (
        <p className={styles.lead} role="status">
          {t('sent')}
        </p>
      ) : (
        <>
          <p className={styles.lead}>{t('lead')}</p>
          <form
            className={styles.form}
            method="post"
            action="/api/account/forgot-password"
            noValidate
            onSubmit={request.onSubmit}
            onFocus={startProof}
          >
            <input type="hidden" name="locale" value={locale} />
            <FormProblem>{problem && t(`problems.${problem}`)}</FormProblem>
            <Field
              id="forgot-email"
              label={t('email_label')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <NoScriptCaptcha id="forgot-captcha" label={t('captcha_question')} sum={data.sum} />
            <button className={styles.submit} type="submit" disabled={request.pending}>
              {t('submit')}
            </button>
          </form>
        </>
      )}
      <p className={styles.switch}>
        <a href={toLocalePath(locale, '/login')}>{t('back_to_login')}</a>
      </p>
    </section>
  );
}

/** `/reset-password?token=`: a new password (docs/forms.md "Passwords") for the account the mailed link belongs to. */
export function ResetPasswordPage({ pageName, data }: PageProps<ResetPasswordData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const reset = useSiteForm<string | null>(
    async (problem, fields) => {
      const password = String(fields.get('password') ?? '');
      if (checkField('password_v2', password) !== 'valid') return 'password';
      const body = await postJson(
        '/api/account/reset-password',
        { token: data.token, password, locale } satisfies PostedInput<typeof resetPasswordInput>,
        formAnswerSchema,
      );
      if (body.cscode !== 200) return body.problems?.form ?? 'failed';
      window.location.assign(`${toLocalePath(locale, '/login')}?reset=1`);
      return problem;
    },
    data.token ? data.error : 'token_invalid',
  );
  const problem = reset.state;

  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      <form className={styles.form} method="post" action="/api/account/reset-password" noValidate onSubmit={reset.onSubmit}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="token" value={data.token} />
        <FormProblem>{problem && t(`problems.${problem}`)}</FormProblem>
        <Field
          id="reset-password"
          label={t('password_label')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('password_hint')}
        />
        <button className={styles.submit} type="submit" disabled={reset.pending || !data.token}>
          {t('submit')}
        </button>
      </form>
      <p className={styles.switch}>
        <a href={toLocalePath(locale, '/forgot-password')}>{t('request_again')}</a>
      </p>
    </section>
  );
}

/** Data of the set-password page. */
export interface SetPasswordData {
  error: string | null;
}

/** `/set-password`: a first password for accounts created at checkout or with Google sign-in. */
export function SetPasswordPage({ pageName, data }: PageProps<SetPasswordData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const signedIn = useSelector(selectSignedIn);
  return (
    <section className={DS.formCard} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>
        {t('heading')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      {signedIn ? (
        <form className={styles.form} method="post" action="/api/account/set-password">
          <input type="hidden" name="locale" value={locale} />
          <FormProblem>{data.error && t(`problems.${data.error}`)}</FormProblem>
          <Field
            id="set-password"
            label={t('password_label')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t('password_hint')}
          />
          <button className={styles.submit} type="submit">
            {t('submit')}
          </button>
        </form>
      ) : (
        <p className={styles.notice}>
          {t('signed_out')} <a href={toLocalePath(locale, '/forgot-password')}>{t('signed_out_link')}</a>
        </p>
      )}
    </section>
  );
}
