import { formatCents, PLAN_TYPES, type CampaignCouponDto, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { planFieldName } from './section-inputs.ts';
import { SECTION_BASE } from './section-links.ts';
import { ScrollTable } from './ScrollTable.tsx';
import { CampaignIdField, describeField, Field, type FormState } from './SectionForm.tsx';

/** The coupon table's columns, each headed by its text of `coupons.*`. */
const COUPON_COLUMNS = ['code', 'amount', 'plans', 'minPrice', 'shown', 'note'] as const;

/** A campaign's coupons: code, amount off, plans, minimum price, shown or not; a manager removes them here. */
export function CouponTable({
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
        <ScrollTable
          labelledBy="coupons-heading"
          head={
            <>
              {COUPON_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`coupons.${column}`)}
                </th>
              ))}
              {canManage && <th scope="col">{t('coupons.actions')}</th>}
            </>
          }
        >
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
                    <CampaignIdField id={id} />
                    <input type="hidden" name="code" value={coupon.code} />
                    <button type="submit" className="secondary" aria-label={t('coupons.removeCode', { code: coupon.code })}>
                      {t('coupons.remove')}
                    </button>
                  </form>
                </td>
              )}
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

/** The coupon form: a code, the amount off, the plans it is for, a minimum price, a note, shown or not. */
export function CouponForm({ t, id, form }: { t: TranslateFunction; id: string; form: FormState }) {
  const { values, problems } = form;
  const fresh = Object.keys(values).length === 0;
  const money = (id: 'amount' | 'minPrice', label: string, required: boolean) => (
    <Field id={id} label={label} problem={problems[id]}>
      <input
        id={id}
        name={id}
        inputMode="decimal"
        required={required}
        maxLength={12}
        defaultValue={values[id] ?? ''}
        {...describeField(id, problems[id])}
      />
    </Field>
  );
  return (
    <form method="post" action={`${SECTION_BASE}/coupon`} noValidate>
      <CampaignIdField id={id} />
      <div className="row">
        <Field id="code" label={t('coupons.code')} problem={problems.code} hint={t('coupons.codeHint')}>
          <input id="code" name="code" required maxLength={32} defaultValue={values.code ?? ''} {...describeField('code', problems.code, true)} />
        </Field>
        {money('amount', t('coupons.amountUsd'), true)}
        {money('minPrice', t('coupons.minPriceUsd'), false)}
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
        <input id="note" name="note" maxLength={200} defaultValue={values.note ?? ''} {...describeField('note', problems.note)} />
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
