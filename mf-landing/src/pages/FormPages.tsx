import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  checkField,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  DS,
  UNINSTALL_COMMENT_MAX_LENGTH,
  UNINSTALL_REASONS,
  postJson,
  solveSiteCaptcha,
  toLocalePath,
  selectLocale,
  type PageProps,
  type PostedInput,
  type contactInput,
  type SumCaptchaDto,
} from '@reelkeep/shared-contracts';
import { Icon } from '../components/Icon.tsx';
import * as styles from './FormPages.module.css';

/** What the contact page's loader gives: a question for visitors without JavaScript, and a returned draft. */
export interface ContactPageData {
  sum: SumCaptchaDto;
  sent: boolean;
  fields: { name: string; email: string; topic: string; message: string };
  problems: Record<string, string>;
}

function checkContactFields(fields: ContactPageData['fields']): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!fields.name.trim()) problems.name = 'empty';
  const email = checkField('email', fields.email);
  if (email !== 'valid') problems.email = email;
  if (!fields.topic) problems.topic = 'empty';
  const message = checkField('message', fields.message);
  if (message !== 'valid') problems.message = message;
  return problems;
}

/** `/contact`: the contact form (docs/forms.md "Contact form"), stored and mailed to support. */
export function ContactPage({ pageName, data }: PageProps<ContactPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [fields, setFields] = useState(data.fields);
  const [problems, setProblems] = useState<Record<string, string>>(data.problems);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>(data.sent ? 'sent' : 'idle');
  const proof = useRef<Promise<string> | null>(null);
  const startProof = () => {
    proof.current ??= solveSiteCaptcha();
  };
  const update = (name: keyof ContactPageData['fields']) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  const problemText = (field: string) => (problems[field] ? t(`problems.${field}.${problems[field]}`) : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkContactFields(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setStatus('sending');
    try {
      startProof();
      const altcha = await proof.current!;
      proof.current = null;
      const { formAnswerSchema } = await import('@reelkeep/shared-contracts/answers');
      const body = await postJson('/api/landing/contact', { ...fields, locale, altcha } satisfies PostedInput<typeof contactInput>, formAnswerSchema);
      if (body.cscode === 200) return setStatus('sent');
      setProblems(body.problems && Object.keys(body.problems).length > 0 ? body.problems : { form: 'failed' });
    } catch {
      setProblems({ form: 'failed' });
    }
    setStatus('idle');
  };

  return (
    <section className={DS.section}>
      <div className={`${DS.container} ${styles.layout}`}>
        <div>
          <h1 className={DS.display}>{t('heading')}</h1>
          <p className={DS.lead}>{t('lead')}</p>
          <ul className={styles.facts}>
            {(['response', 'languages', 'licence'] as const).map((fact) => (
              <li key={fact}>
                <Icon name="check" className={styles.tick} />
                {t(`facts.${fact}`)}
              </li>
            ))}
          </ul>
          <p className={DS.muted}>
            {t('faq_hint')} <a href={toLocalePath(locale, '/faqs')}>{t('faq_link')}</a>
          </p>
        </div>
        <div className={`${DS.card} ${styles.card}`} id="contact-form">
          {status === 'sent' ? (
            <div role="status" className={styles.sent}>
              <span className={styles.sentIcon}>
                <Icon name="check" />
              </span>
              <h2 className={DS.h3}>{t('sent_title')}</h2>
              <p>{t('sent_text')}</p>
            </div>
          ) : (
            <form method="post" action="/api/landing/contact" noValidate onSubmit={submit} onFocus={startProof}>
              <h2 className={DS.h3}>{t('form_title')}</h2>
              <input type="hidden" name="locale" value={locale} />
              {problems.form && (
                <p className={styles.formProblem} role="alert">
                  {t(`problems.form.${problems.form}`)}
                </p>
              )}
              <div className={styles.field}>
                <label htmlFor="contact-name">{t('name_label')}</label>
                <input
                  id="contact-name"
                  name="name"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  value={fields.name}
                  onChange={update('name')}
                  aria-invalid={Boolean(problems.name)}
                  aria-describedby="contact-name-problem"
                />
                <p id="contact-name-problem" className={styles.problem}>
                  {problemText('name')}
                </p>
              </div>
              <div className={styles.field}>
                <label htmlFor="contact-email">{t('email_label')}</label>
                <input
                  id="contact-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                  value={fields.email}
                  onChange={update('email')}
                  aria-invalid={Boolean(problems.email)}
                  aria-describedby="contact-email-problem"
                />
                <p id="contact-email-problem" className={styles.problem}>
                  {problemText('email')}
                </p>
              </div>
              <div className={styles.field}>
                <label htmlFor="contact-topic">{t('topic_label')}</label>
                <select
                  id="contact-topic"
                  name="topic"
                  value={fields.topic}
                  onChange={update('topic')}
                  aria-invalid={Boolean(problems.topic)}
                  aria-describedby="contact-topic-problem"
                >
                  <option value="">{t('topic_placeholder')}</option>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {t(`topics.${topic}`)}
                    </option>
                  ))}
                </select>
                <p id="contact-topic-problem" className={styles.problem}>
                  {problemText('topic')}
                </p>
              </div>
              <div className={styles.field}>
                <label htmlFor="contact-message">{t('message_label')}</label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  maxLength={CONTACT_LIMITS.message}
                  value={fields.message}
                  onChange={update('message')}
                  aria-invalid={Boolean(problems.message)}
                  aria-describedby="contact-message-hint contact-message-problem"
                />
                <p id="contact-message-hint" className={DS.muted}>
                  {t('message_hint')}
                </p>
                <p id="contact-message-problem" className={styles.problem}>
                  {problemText('message')}
                </p>
              </div>
              <noscript>
                <div className={styles.field}>
                  <label htmlFor="contact-captcha">{t('captcha_question')}</label>
                  <img className={styles.captchaImage} src={data.sum.image} alt={t('captcha_question')} width={200} height={50} />
                  <input id="contact-captcha" name="captcha_answer" inputMode="numeric" autoComplete="off" />
                  <input type="hidden" name="captcha_token" value={data.sum.token} />
                </div>
              </noscript>
              {problems.captcha && (
                <p className={styles.problem} role="alert">
                  {t('problems.captcha.invalid')}
                </p>
              )}
              <button className={DS.buttonPrimary} type="submit" disabled={status === 'sending'}>
                {t(status === 'sending' ? 'sending' : 'submit')}
              </button>
              <p className={styles.privacy}>{t('captcha_note')}</p>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

/** What the uninstallation page's loader gives: the product and whether feedback was just sent. */
export interface UninstallationData {
  product: string;
  feedback: 'sent' | 'invalid' | null;
}

/** `/uninstallation`: where the app sends people after removal; a short feedback form, stored. */
export function UninstallationPage({ pageName, data }: PageProps<UninstallationData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'invalid' | 'failed'>(data.feedback ?? 'idle');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!form.get('reason')) return setStatus('invalid');
    setStatus('sending');
    const { siteAnswerSchema } = await import('@reelkeep/shared-contracts/answers');
    const answer = await postJson('/api/landing/uninstall-feedback', Object.fromEntries(form), siteAnswerSchema);
    setStatus(answer.cscode === 200 ? 'sent' : 'failed');
  };

  return (
    <section className={DS.section}>
      <div className={`${DS.container} ${styles.narrow}`}>
        <h1 className={DS.display}>{t('heading')}</h1>
        <p className={DS.lead}>{t('lead')}</p>
        <div className={`${DS.card} ${styles.feedback}`} id="feedback">
          {status === 'sent' ? (
            <p role="status" className={styles.sentLine}>
              <Icon name="check" className={styles.tick} />
              {t('feedback_thanks')}
            </p>
          ) : (
            <form method="post" action="/api/landing/uninstall-feedback" onSubmit={submit}>
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="product" value={data.product} />
              <fieldset className={styles.reasons} aria-describedby="feedback-problem">
                <legend className={DS.h3}>{t('feedback_title')}</legend>
                {UNINSTALL_REASONS.map((reason) => (
                  <label key={reason} className={styles.reason}>
                    <input type="radio" name="reason" value={reason} />
                    {t(`reasons.${reason}`)}
                  </label>
                ))}
              </fieldset>
              <div className={styles.field}>
                <label htmlFor="feedback-comment">{t('comment_label')}</label>
                <textarea id="feedback-comment" name="comment" rows={3} maxLength={UNINSTALL_COMMENT_MAX_LENGTH} />
              </div>
              <p id="feedback-problem" className={styles.problem} role={status === 'invalid' || status === 'failed' ? 'alert' : undefined}>
                {status === 'invalid' ? t('feedback_choose') : status === 'failed' ? t('feedback_failed') : null}
              </p>
              <button className={DS.buttonPrimary} type="submit" disabled={status === 'sending'}>
                {t('feedback_submit')}
              </button>
            </form>
          )}
        </div>
        <p className={styles.actions}>
          <a className={DS.buttonSecondary} href={toLocalePath(locale, '/downloading')}>
            {t('reinstall')}
          </a>
          <a className={DS.buttonSecondary} href={toLocalePath(locale, '/contact')}>
            {t('get_help')}
          </a>
        </p>
      </div>
    </section>
  );
}
