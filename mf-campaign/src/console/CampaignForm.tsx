import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { CAMPAIGN_ROUTES_OFFERED } from './section-inputs.ts';
import { SECTION_BASE } from './section-links.ts';
import { describeField, Field, Options, type FormState } from './SectionForm.tsx';

/** The campaign names English has (`campaign` namespace, `names`): the keys a campaign may name. */
export interface NameOption {
  key: string;
  label: string;
}

/** The fields a campaign form shows, with what was sent or stored. */
export function CampaignFields({ t, names, form }: { t: TranslateFunction; names: readonly NameOption[]; form: FormState }) {
  const { values, problems } = form;
  const keySelect = (id: 'nameKey' | 'navTitleKey' | 'newsletterKey', optional: boolean) => (
    <Field id={id} label={t(`form.${id}`)} problem={problems[id]}>
      <select id={id} name={id} defaultValue={values[id] ?? ''} required={!optional} {...describeField(id, problems[id])}>
        {optional && <option value="">{t('form.none')}</option>}
        {names.map((name) => (
          <option key={name.key} value={name.key}>
            {name.label} ({name.key})
          </option>
        ))}
      </select>
    </Field>
  );
  const moment = (id: 'startsAt' | 'endsAt') => (
    <Field id={id} label={t(`form.${id}`)} problem={problems[id]} hint={t('form.utcHint')}>
      <input id={id} name={id} type="datetime-local" required defaultValue={values[id] ?? ''} {...describeField(id, problems[id], true)} />
    </Field>
  );
  return (
    <>
      {keySelect('nameKey', false)}
      {keySelect('navTitleKey', true)}
      {keySelect('newsletterKey', true)}
      <Field id="route" label={t('form.route')} problem={problems.route}>
        <select id="route" name="route" defaultValue={values.route ?? 'sales-campaign'} {...describeField('route', problems.route)}>
          <Options values={CAMPAIGN_ROUTES_OFFERED} label={(route) => t(`routes.${route}`)} />
        </select>
      </Field>
      <div className="row">
        {moment('startsAt')}
        {moment('endsAt')}
      </div>
      <p>
        <input id="isImportant" name="isImportant" type="checkbox" defaultChecked={values.isImportant === 'on'} />{' '}
        <label htmlFor="isImportant" className="inline">
          {t('form.isImportant')}
        </label>
      </p>
    </>
  );
}

/** The section's `new` page: a new campaign, starting now unless the manager says otherwise. */
export function CampaignCreateForm({ t, names, form }: { t: TranslateFunction; names: readonly NameOption[]; form: FormState }) {
  const { values, problems } = form;
  return (
    <section>
      <p>{t('form.createIntro')}</p>
      <form method="post" action={`${SECTION_BASE}/create`} noValidate>
        <Field id="id" label={t('form.id')} problem={problems.id} hint={t('form.idHint')}>
          <input
            id="id"
            name="id"
            required
            maxLength={40}
            pattern="[a-z0-9][a-z0-9\-]{1,39}"
            defaultValue={values.id ?? ''}
            {...describeField('id', problems.id, true)}
          />
        </Field>
        <CampaignFields t={t} names={names} form={form} />
        <p className="row">
          <button type="submit">{t('form.create')}</button> <a href={SECTION_BASE}>{t('form.cancel')}</a>
        </p>
      </form>
    </section>
  );
}
