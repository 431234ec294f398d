import type { ReactNode } from 'react';
import { formatCents, LOCALES, PLAN_TYPES, type CampaignCouponDto, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { CAMPAIGN_ROUTES_OFFERED, CAMPAIGN_STATES, planFieldName, PREVIEW_PARTS, type CAMPAIGN_SORTS, type CampaignState } from './section-inputs.ts';
import { formatUtc, toUtcMinute } from './section-rules.ts';

/**
 * The console's Campaigns section (docs/console.md "Campaigns and coupons"), server-rendered inside the shell's
 * console frame: no script, every action a form posted to the host, which checks origin and permission first. `t`
 * reads the `console_campaign` namespace; campaign names come from the `campaign` namespace (`name`).
 */

/** The section's address in the console (`/console/<squad>/<section>`), and where its previews are served. */
export const SECTION_BASE = '/console/campaign/campaigns';
const PREVIEW_BASE = '/console/preview/campaigns';

/** A campaign's page in the section. */
export const campaignHref = (id: string, query: Record<string, string> = {}) => `${SECTION_BASE}/campaign?${new URLSearchParams({ id, ...query })}`;

/** The campaign a form changes, sent with it. */
const CampaignId = ({ id }: { id: string }) => <input type="hidden" name="id" value={id} />;

/** A field's problem as the section shows it: a text of `problems.*`. */
export type FieldProblems = Record<string, string>;

/** What a form shows back after a refusal: the values sent and the problem of each field. */
export interface FormState {
  values: Record<string, string>;
  problems: FieldProblems;
}

/** A campaign as the section lists it. */
export interface CampaignListItem {
  id: string;
  name: string;
  state: CampaignState;
  startsAt: number;
  endsAt: number;
  coupons: number;
}

/** A text field or select with its label and, after a refusal, its problem (linked for screen readers). */
function Field({ id, label, problem, hint, children }: { id: string; label: string; problem?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="notice problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** The attributes linking an input to its hint and problem. */
function describe(id: string, problem: string | undefined, hint?: boolean) {
  const by = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': problem ? true : undefined, 'aria-describedby': by || undefined };
}

/** A notice above a form: a change done, or why it was refused. */
export function Notice({ kind, text }: { kind: 'done' | 'problem'; text: string }) {
  return (
    <p className={kind === 'problem' ? 'notice problem' : 'notice'} role={kind === 'problem' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** The list's query as a link. */
const listHref = (query: { sort: string; dir: string; page: number; state?: string }) =>
  `${SECTION_BASE}?${new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page), ...(query.state ? { state: query.state } : {}) })}`;

/** Every campaign: state, window and coupons; sortable by each column, paginated, filtered by state. */
export function CampaignList({
  t,
  items,
  query,
  page,
  pages,
  total,
  canManage,
}: {
  t: TranslateFunction;
  items: readonly CampaignListItem[];
  query: { sort: (typeof CAMPAIGN_SORTS)[number]; dir: 'asc' | 'desc'; state?: CampaignState };
  page: number;
  pages: number;
  total: number;
  canManage: boolean;
}) {
  const header = (sort: (typeof CAMPAIGN_SORTS)[number], label: string) => {
    const current = query.sort === sort;
    const next = current && query.dir === 'asc' ? 'desc' : 'asc';
    return (
      <th scope="col" aria-sort={current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <a href={listHref({ sort, dir: next, page: 1, state: query.state })}>
          {label}
          {current ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}
          <span className="skip">{t(next === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}</span>
        </a>
      </th>
    );
  };
  return (
    <>
      <section>
        <div className="row">
          {canManage && (
            <p>
              <a href={`${SECTION_BASE}/new`}>{t('list.create')}</a>
            </p>
          )}
          <form method="get" action={SECTION_BASE} className="row">
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
            <div>
              <label htmlFor="state">{t('list.show')}</label>
              <select id="state" name="state" defaultValue={query.state ?? ''}>
                <option value="">{t('list.allStates')}</option>
                {CAMPAIGN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`states.${state}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="secondary">
              {t('list.filter')}
            </button>
          </form>
        </div>
      </section>
      <section>
        <div className="scroll" role="region" tabIndex={0} aria-label={t('list.caption')}>
          <table>
            <caption className="skip">{t('list.caption')}</caption>
            <thead>
              <tr>
                {header('name', t('list.name'))}
                {header('state', t('list.state'))}
                {header('starts', t('list.starts'))}
                {header('ends', t('list.ends'))}
                <th scope="col">{t('list.coupons')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-campaign={item.id}>
                  <th scope="row">
                    <a href={campaignHref(item.id)}>{item.name}</a> <code>{item.id}</code>
                  </th>
                  <td>{t(`states.${item.state}`)}</td>
                  <td>
                    <time dateTime={new Date(item.startsAt).toISOString()}>{formatUtc(item.startsAt)}</time>
                  </td>
                  <td>
                    <time dateTime={new Date(item.endsAt).toISOString()}>{formatUtc(item.endsAt)}</time>
                  </td>
                  <td>{item.coupons}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {total === 0 && <p>{t('list.empty')}</p>}
        {pages > 1 && (
          <nav aria-label={t('list.pages')}>
            <p className="row">
              {page > 1 && <a href={listHref({ ...query, page: page - 1 })}>{t('list.previous')}</a>}
              <span>{t('list.pageOf', { page, pages })}</span>
              {page < pages && <a href={listHref({ ...query, page: page + 1 })}>{t('list.next')}</a>}
            </p>
          </nav>
        )}
      </section>
    </>
  );
}

/** The campaign names English has (`campaign` namespace, `names`): the keys a campaign may name. */
export interface NameOption {
  key: string;
  label: string;
}

/** The fields a campaign form shows, with what was sent or stored. */
function CampaignFields({ t, names, form }: { t: TranslateFunction; names: readonly NameOption[]; form: FormState }) {
  const { values, problems } = form;
  const keySelect = (id: 'nameKey' | 'navTitleKey' | 'newsletterKey', optional: boolean) => (
    <Field id={id} label={t(`form.${id}`)} problem={problems[id]}>
      <select id={id} name={id} defaultValue={values[id] ?? ''} required={!optional} {...describe(id, problems[id])}>
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
      <input id={id} name={id} type="datetime-local" required defaultValue={values[id] ?? ''} {...describe(id, problems[id], true)} />
    </Field>
  );
  return (
    <>
      {keySelect('nameKey', false)}
      {keySelect('navTitleKey', true)}
      {keySelect('newsletterKey', true)}
      <Field id="route" label={t('form.route')} problem={problems.route}>
        <select id="route" name="route" defaultValue={values.route ?? 'sales-campaign'} {...describe('route', problems.route)}>
          {CAMPAIGN_ROUTES_OFFERED.map((route) => (
            <option key={route} value={route}>
              {t(`routes.${route}`)}
            </option>
          ))}
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
            {...describe('id', problems.id, true)}
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
  const id = <CampaignId id={campaign.id} />;
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
            <CouponFields t={t} id={campaign.id} form={forms.coupon} />
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
                      {...describe(`schedule-${id}`, forms.schedule.problems[id], true)}
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
                    {...describe('confirm-end', forms.end.problems.confirm)}
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

/** A campaign's coupons: code, amount off, plans, minimum price, shown or not; a manager removes them here. */
function CouponTable({
  t,
  locale,
  id,
  coupons,
  canManage,
}: {
  t: TranslateFunction;
  locale: string;
  id: string;
  coupons: readonly CampaignCouponDto[];
  canManage: boolean;
}) {
  return (
    <section>
      <h2 id="coupons-heading">{t('coupons.heading')}</h2>
      {coupons.length === 0 ? (
        <p>{t('coupons.empty')}</p>
      ) : (
        <div className="scroll" role="region" tabIndex={0} aria-labelledby="coupons-heading">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('coupons.code')}</th>
                <th scope="col">{t('coupons.amount')}</th>
                <th scope="col">{t('coupons.plans')}</th>
                <th scope="col">{t('coupons.minPrice')}</th>
                <th scope="col">{t('coupons.shown')}</th>
                <th scope="col">{t('coupons.note')}</th>
                {canManage && <th scope="col">{t('coupons.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.code} data-coupon={coupon.code}>
                  <th scope="row">
                    <code>{coupon.code}</code>
                  </th>
                  <td>{formatCents(coupon.discountCents, locale)}</td>
                  <td>
                    {coupon.allowedTypes.length === 0
                      ? t('coupons.allPlans')
                      : coupon.allowedTypes.map((type) => t(`campaign:pricing.plan_names.${type}`)).join(', ')}
                  </td>
                  <td>{coupon.minPriceCents > 0 ? formatCents(coupon.minPriceCents, locale) : '—'}</td>
                  <td>{t(coupon.show ? 'coupons.yes' : 'coupons.no')}</td>
                  <td>{coupon.text}</td>
                  {canManage && (
                    <td>
                      <form method="post" action={`${SECTION_BASE}/coupon-remove`}>
                        <CampaignId id={id} />
                        <input type="hidden" name="code" value={coupon.code} />
                        <button type="submit" className="secondary" aria-label={t('coupons.removeCode', { code: coupon.code })}>
                          {t('coupons.remove')}
                        </button>
                      </form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The coupon form: a code, the amount off, the plans it is for, a minimum price, a note, shown or not. */
function CouponFields({ t, id, form }: { t: TranslateFunction; id: string; form: FormState }) {
  const { values, problems } = form;
  const fresh = Object.keys(values).length === 0;
  return (
    <form method="post" action={`${SECTION_BASE}/coupon`} noValidate>
      <CampaignId id={id} />
      <div className="row">
        <Field id="code" label={t('coupons.code')} problem={problems.code} hint={t('coupons.codeHint')}>
          <input id="code" name="code" required maxLength={32} defaultValue={values.code ?? ''} {...describe('code', problems.code, true)} />
        </Field>
        <Field id="amount" label={t('coupons.amountUsd')} problem={problems.amount}>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            maxLength={12}
            defaultValue={values.amount ?? ''}
            {...describe('amount', problems.amount)}
          />
        </Field>
        <Field id="minPrice" label={t('coupons.minPriceUsd')} problem={problems.minPrice}>
          <input
            id="minPrice"
            name="minPrice"
            inputMode="decimal"
            maxLength={12}
            defaultValue={values.minPrice ?? ''}
            {...describe('minPrice', problems.minPrice)}
          />
        </Field>
      </div>
      <fieldset>
        <legend>{t('coupons.plansLegend')}</legend>
        <div className="row">
          {PLAN_TYPES.map((type) => (
            <span key={type}>
              <input id={planFieldName(type)} name={planFieldName(type)} type="checkbox" defaultChecked={values[planFieldName(type)] === 'on'} />{' '}
              <label htmlFor={planFieldName(type)} className="inline">
                {t(`campaign:pricing.plan_names.${type}`)}
              </label>
            </span>
          ))}
        </div>
      </fieldset>
      <Field id="note" label={t('coupons.note')} problem={problems.note}>
        <input id="note" name="note" maxLength={200} defaultValue={values.note ?? ''} {...describe('note', problems.note)} />
      </Field>
      <p>
        <input id="show" name="show" type="checkbox" defaultChecked={fresh || values.show === 'on'} />{' '}
        <label htmlFor="show" className="inline">
          {t('coupons.show')}
        </label>
      </p>
      <button type="submit">{t('coupons.save')}</button>
    </form>
  );
}

/** The section's pages, by title. */
type PageTitle = 'list' | 'create' | 'detail' | 'preview' | 'previewOf' | 'forbidden' | 'notFound';

/** A page's title in the manager's locale. */
export function titleOf(t: TranslateFunction, title: PageTitle, values?: Record<string, unknown>): string {
  return t(`titles.${title}`, values);
}

/** The fields a schema refused, each with its problem in words: empty, or what the field must be. */
export function describeProblems(t: TranslateFunction, problems: Record<string, 'empty' | 'invalid'>): FieldProblems {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [
      field,
      problem === 'empty' ? t('problems.empty') : t(`problems.fields.${field.replace(/^plan_.*/, 'plans')}`, { defaultValue: t('problems.invalid') }),
    ]),
  );
}

/** Why a whole campaign was refused, on the fields it concerns. */
export function describeRefusal(
  t: TranslateFunction,
  refusal: { error: 'unknown_translation_key' | 'duplicate_coupon' | 'coupon_taken'; problems: Record<string, string> },
): FieldProblems {
  if (refusal.error === 'unknown_translation_key')
    return Object.fromEntries(Object.keys(refusal.problems).map((field) => [field, t('problems.unknown_translation_key')]));
  return { code: t(refusal.error === 'coupon_taken' ? 'problems.coupon_taken' : 'problems.duplicate_coupon') };
}
