import { LOCALES, type CampaignCouponDto, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { PREVIEW_PARTS, type CampaignState } from './section-inputs.ts';
import { formatUtc, toUtcMinute } from './section-rules.ts';
import { PREVIEW_BASE, SECTION_BASE } from './section-links.ts';
import { CampaignIdField, describeField, Field, type FormState } from './SectionForm.tsx';
import { CampaignFields, type NameOption } from './CampaignForm.tsx';
import { CouponForm, CouponTable } from './CampaignCoupons.tsx';

/** A campaign as its page shows it. */
export interface CampaignDetail {
  id: string;
  name: string;
  state: CampaignState;
  startsAt: number;
  endsAt: number;
  coupons: readonly CampaignCouponDto[];
  /** How many of its carousel entries the event centre shows (none: nothing to preview there). */
  eventEntries: number;
}

/** The forms of one campaign a manager changes: its words and window, its schedule, ending it, its coupons. */
export function CampaignDetailPage({
  t,
  locale,
  campaign,
  names,
  canManage,
  forms,
  previewLocale,
  languageNames,
}: {
  t: TranslateFunction;
  locale: string;
  campaign: CampaignDetail;
  names: readonly NameOption[];
  canManage: boolean;
  forms: { edit: FormState; schedule: FormState; coupon: FormState; end: FormState };
  previewLocale: string;
  languageNames: Record<string, string>;
}) {
  const base = SECTION_BASE;
  const id = <CampaignIdField id={campaign.id} />;
  return (
    <>
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t('detail.summary')}</h2>
        <dl>
          <dt>{t('list.state')}</dt>
          <dd>{t(`states.${campaign.state}`)}</dd>
          <dt>{t('list.starts')}</dt>
          <dd>{formatUtc(campaign.startsAt)}</dd>
          <dt>{t('list.ends')}</dt>
          <dd>{formatUtc(campaign.endsAt)}</dd>
        </dl>
        <p>
          <a href={SECTION_BASE}>{t('detail.back')}</a>
        </p>
      </section>
      <CouponTable t={t} locale={locale} id={campaign.id} coupons={campaign.coupons} canManage={canManage} />
      {canManage && (
        <>
          <section aria-labelledby="coupon-heading">
            <h2 id="coupon-heading">{t('coupons.addHeading')}</h2>
            <p>{t('coupons.intro')}</p>
            <CouponForm t={t} id={campaign.id} form={forms.coupon} />
          </section>
          <section aria-labelledby="schedule-heading">
            <h2 id="schedule-heading">{t('detail.scheduleHeading')}</h2>
            <form method="post" action={`${base}/schedule`} noValidate>
              {id}
              <div className="row">
                {(['startsAt', 'endsAt'] as const).map((id) => (
                  <Field key={id} id={`schedule-${id}`} label={t(`form.${id}`)} problem={forms.schedule.problems[id]} hint={t('form.utcHint')}>
                    <input
                      id={`schedule-${id}`}
                      name={id}
                      type="datetime-local"
                      required
                      defaultValue={forms.schedule.values[id] ?? toUtcMinute(campaign[id])}
                      {...describeField(`schedule-${id}`, forms.schedule.problems[id], true)}
                    />
                  </Field>
                ))}
                <button type="submit">{t('detail.schedule')}</button>
              </div>
            </form>
          </section>
          {campaign.state !== 'ended' && (
            <section aria-labelledby="end-heading">
              <h2 id="end-heading">{t('detail.endHeading')}</h2>
              <form method="post" action={`${base}/end`}>
                {id}
                <p>
                  <input
                    id="confirm-end"
                    name="confirm"
                    type="checkbox"
                    value="yes"
                    required
                    {...describeField('confirm-end', forms.end.problems.confirm)}
                  />{' '}
                  <label htmlFor="confirm-end" className="inline">
                    {t('detail.endConfirm')}
                  </label>
                </p>
                {forms.end.problems.confirm && (
                  <p className="notice problem" id="confirm-end-problem">
                    {forms.end.problems.confirm}
                  </p>
                )}
                <button type="submit">{t('detail.end')}</button>
              </form>
            </section>
          )}
          <section aria-labelledby="edit-heading">
            <h2 id="edit-heading">{t('detail.editHeading')}</h2>
            <form method="post" action={`${base}/edit`} noValidate>
              {id}
              <CampaignFields t={t} names={names} form={forms.edit} />
              <button type="submit">{t('detail.save')}</button>
            </form>
          </section>
        </>
      )}
      <section aria-labelledby="preview-heading">
        <h2 id="preview-heading">{t('preview.heading')}</h2>
        <form method="get" action={`${base}/campaign`} className="row">
          {id}
          <div>
            <label htmlFor="preview">{t('preview.locale')}</label>
            <select id="preview" name="preview" defaultValue={previewLocale}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageNames[code] ?? code}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="secondary">
            {t('preview.show')}
          </button>
        </form>
        {PREVIEW_PARTS.map((part) =>
          part === 'events' && campaign.eventEntries === 0 ? (
            <p key={part}>{t('preview.noEntries')}</p>
          ) : (
            <figure key={part} className="preview">
              <figcaption>{t(`preview.parts.${part}`)}</figcaption>
              <iframe
                className={`preview-${part}`}
                src={`${PREVIEW_BASE}/${campaign.id}?${new URLSearchParams({ locale: previewLocale, part })}`}
                title={t(`preview.frames.${part}`, { locale: languageNames[previewLocale] ?? previewLocale })}
              />
            </figure>
          ),
        )}
      </section>
    </>
  );
}
