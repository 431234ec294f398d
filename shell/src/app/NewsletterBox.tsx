import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { postJson, selectLocale, solveSiteCaptcha, type NewsletterStatus, type PostedInput, type newsletterInput } from '@reelkeep/shared-contracts';
import { useNavigatorState } from '../routing/navigator.ts';
import * as styles from './NewsletterBox.module.css';

const RESULT_STATUSES: readonly NewsletterStatus[] = ['required', 'format', 'succ', 'fail'];

/** The status a form post without JavaScript came back with (`?newsletter=succ#newsletter`). */
function readReturnedStatus(search: string): NewsletterStatus {
  const value = new URLSearchParams(search).get('newsletter');
  return RESULT_STATUSES.find((status) => status === value) ?? 'empty';
}

/**
 * The footer's newsletter box (`POST /email/report` and its statuses: docs/forms.md "Newsletter"); `succ` asks the
 * visitor to confirm from the mail. Works without JavaScript (the newsletter page then asks the captcha).
 */
export function NewsletterBox() {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const { location } = useNavigatorState();
  const [status, setStatus] = useState<NewsletterStatus>(() => readReturnedStatus(location.search));
  const [busy, setBusy] = useState(false);

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setBusy(true);
    // The field rules and the answer's schema load with the first submit, not with every page; when they cannot be
    // loaded, the form posts itself as it does without JavaScript.
    const modules = await Promise.all([import('@reelkeep/shared-contracts/validation'), import('@reelkeep/shared-contracts/answers')]).catch(
      () => null,
    );
    if (!modules) return form.submit();
    const [{ checkNewsletterEmail }, { newsletterAnswerSchema }] = modules;
    const problem = checkNewsletterEmail(email);
    if (problem) {
      setBusy(false);
      return setStatus(problem);
    }
    // docs/forms.md "Captcha": the site's proof of work, solved here; a box that cannot get one posts itself as without JavaScript.
    const altcha = await solveSiteCaptcha().catch(() => null);
    if (!altcha) return form.submit();
    const body = await postJson(
      '/email/report',
      { email: email.trim(), type: 2, locale, altcha } satisfies PostedInput<typeof newsletterInput>,
      newsletterAnswerSchema,
    );
    // docs/forms.md "Newsletter": cscode 200 is success ("check your mail"); anything else, or no answer, is a failure.
    setStatus(body.cscode === 200 ? 'succ' : body.status === 'format' || body.status === 'required' ? body.status : 'fail');
    setBusy(false);
  };

  const message = status === 'empty' ? null : t(`newsletter.status.${status}`);
  return (
    <section id="newsletter" className={styles.box} aria-labelledby="newsletter-title">
      <div className={styles.inner}>
        <div>
          <h2 id="newsletter-title" className={styles.title}>
            {t('newsletter.title')}
          </h2>
          <p className={styles.text}>{t('newsletter.text')}</p>
        </div>
        <form method="post" action="/email/report" noValidate onSubmit={subscribe}>
          <input type="hidden" name="type" value="2" />
          <input type="hidden" name="locale" value={locale} />
          <label className={styles.label} htmlFor="newsletter-email">
            {t('newsletter.label')}
          </label>
          <div className={styles.row}>
            <input
              id="newsletter-email"
              className={styles.input}
              type="email"
              name="email"
              autoComplete="email"
              placeholder={t('newsletter.placeholder')}
              aria-invalid={status === 'required' || status === 'format'}
              aria-describedby="newsletter-status"
              onInput={() => status !== 'empty' && status !== 'succ' && setStatus('empty')}
            />
            <button className={styles.submit} type="submit" disabled={busy}>
              {t('newsletter.submit')}
            </button>
          </div>
          <p id="newsletter-status" className={styles.status} data-status={status} role="status">
            {message}
          </p>
        </form>
      </div>
    </section>
  );
}
