import { useRef, useState } from 'react';
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
import { Field, FormProblem, SelectField, TextAreaField, useSiteForm, type FieldClasses } from '@reelkeep/shared-contracts/ui';
import { Icon } from '../components/Icon.tsx';
import * as styles from './FormPages.module.css';

/** The landing forms' field parts: a two-column page keeps its own field look (docs/forms.md "The form kit"). */
const FIELD_CLASSES: FieldClasses = { label: styles.label!, control: styles.control!, hint: styles.hint!, problem: styles.problem! };

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

/** What the contact form's last submission came to: sent, or the problems to show. */
interface ContactOutcome {
  sent: boolean;
  problems: Record<string, string>;
}

/** `/contact`: the contact form (docs/forms.md "Contact form"), stored and mailed to support. */
export function ContactPage({ pageName, data }: PageProps<ContactPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const [fields, setFields] = useState(data.fields);
  const proof = useRef<Promise<string> | null>(null);
  const startProof = () => {
    proof.current ??= solveSiteCaptcha();
  };
  const update = (name: keyof ContactPageData['fields']) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  const sending = useSiteForm<ContactOutcome>(
    async () => {
      const found = checkContactFields(fields);
      if (Object.keys(found).length > 0) return { sent: false, problems: found };
      try {
        startProof();
        const altcha = await proof.current!;
        proof.current = null;
        const { formAnswerSchema } = await import('@reelkeep/shared-contracts/answers');
        const body = await postJson(
          '/api/landing/contact',
          { ...fields, locale, altcha } satisfies PostedInput<typeof contactInput>,
          formAnswerSchema,
        );
        if (body.cscode === 200) return { sent: true, problems: {} };
        return { sent: false, problems: body.problems && Object.keys(body.problems).length > 0 ? body.problems : { form: 'failed' } };
      } catch {
        return { sent: false, problems: { form: 'failed' } };
      }
    },
    { sent: data.sent, problems: data.problems },
  );
  const { problems } = sending.state;
  const problemText = (field: string) => (problems[field] ? t(`problems.${field}.${problems[field]}`) : null);

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
          {sending.state.sent ? (
            <div role="status" className={styles.sent}>
              <span className={styles.sentIcon}>
                <Icon name="check" />
              </span>
              <h2 className={DS.h3}>{t('sent_title')}</h2>
              <p>{t('sent_text')}</p>
            </div>
          ) : (
            <form method="post" action="/api/landing/contact" noValidate onSubmit={sending.onSubmit} onFocus={startProof}>
              <h2 className={DS.h3}>{t('form_title')}</h2>
              <input type="hidden" name="locale" value={locale} />
              <FormProblem className={styles.formProblem}>{problems.form && t(`problems.form.${problems.form}`)}</FormProblem>
              <div className={styles.field}>
                <Field
                  id="contact-name"
                  label={t('name_label')}
                  classes={FIELD_CLASSES}
                  problem={problemText('name')}
                  name="name"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  value={fields.name}
                  onChange={update('name')}
                />
              </div>
              <div className={styles.field}>
                <Field
                  id="contact-email"
                  label={t('email_label')}
                  classes={FIELD_CLASSES}
                  problem={problemText('email')}
                  name="email"
                  type="email"
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                  value={fields.email}
                  onChange={update('email')}
                />
              </div>
              <div className={styles.field}>
                <SelectField
                  id="contact-topic"
                  label={t('topic_label')}
                  classes={FIELD_CLASSES}
                  problem={problemText('topic')}
                  name="topic"
                  value={fields.topic}
                  onChange={update('topic')}
                >
                  <option value="">{t('topic_placeholder')}</option>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {t(`topics.${topic}`)}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className={styles.field}>
                <TextAreaField
                  id="contact-message"
                  label={t('message_label')}
                  classes={FIELD_CLASSES}
                  hint={t('message_hint')}
                  problem={problemText('message')}
                  name="message"
                  rows={6}
                  maxLength={CONTACT_LIMITS.message}
                  value={fields.message}
                  onChange={update('message')}
                />
              </div>
              <noscript>
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="contact-captcha">
                    {t('captcha_question')}
                  </label>
                  <img className={styles.captchaImage} src={data.sum.image} alt={t('captcha_question')} width={200} height={50} />
                  <input className={styles.control} id="contact-captcha" name="captcha_answer" inputMode="numeric" autoComplete="off" />
                  <input type="hidden" name="captcha_token" value={data.sum.token} />
                </div>
              </noscript>
              <FormProblem className={styles.problem}>{problems.captcha && t('problems.captcha.invalid')}</FormProblem>
              <button className={DS.buttonPrimary} type="submit" disabled={sending.pending}>
                {t(sending.pending ? 'sending' : 'submit')}
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

/** What the feedback form's last submission came to. */
type FeedbackOutcome = 'idle' | 'sent' | 'invalid' | 'failed';

/** `/uninstallation`: where the app sends people after removal; a short feedback form, stored. */
export function UninstallationPage({ pageName, data }: PageProps<UninstallationData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const feedback = useSiteForm<FeedbackOutcome>(async (_previous, form) => {
    if (!form.get('reason')) return 'invalid';
    const { siteAnswerSchema } = await import('@reelkeep/shared-contracts/answers');
    const answer = await postJson('/api/landing/uninstall-feedback', Object.fromEntries(form), siteAnswerSchema);
    return answer.cscode === 200 ? 'sent' : 'failed';
  }, data.feedback ?? 'idle');
  const status = feedback.state;

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
            <form method="post" action="/api/landing/uninstall-feedback" onSubmit={feedback.onSubmit}>
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
                <TextAreaField
                  id="feedback-comment"
                  label={t('comment_label')}
                  classes={FIELD_CLASSES}
                  name="comment"
                  rows={3}
                  maxLength={UNINSTALL_COMMENT_MAX_LENGTH}
                />
              </div>
              <p id="feedback-problem" className={styles.problem} role={status === 'invalid' || status === 'failed' ? 'alert' : undefined}>
                {status === 'invalid' ? t('feedback_choose') : status === 'failed' ? t('feedback_failed') : null}
              </p>
              <button className={DS.buttonPrimary} type="submit" disabled={feedback.pending}>
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
