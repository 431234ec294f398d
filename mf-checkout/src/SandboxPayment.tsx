import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  formatCents,
  orderAnswerSchema,
  paymentAnswerSchema,
  postJson,
  type PostedInput,
  type sandboxConfirmationSchema,
  type sandboxPaymentSchema,
  readJsonResponse,
  type OrderDto,
  type PaymentAnswer,
  selectLocale,
} from '@reelkeep/shared-contracts';
import { Field, FormProblem } from '@reelkeep/shared-contracts/ui';
import { CHECKOUT_FIELD_CLASSES } from './field-classes.ts';
import * as controls from './checkout-controls.module.css';
import * as forms from './checkout-forms.module.css';

type Step = 'card' | 'confirm' | 'processing';

/** One field of the test card (`card-<name>`, labelled `card_<name>`): digits, required. */
function CardField({ name, ...input }: { name: 'number' | 'expiry' | 'cvc'; autoComplete: string; placeholder: string; maxLength: number }) {
  const { t } = useTranslation('checkout');
  return <Field id={`card-${name}`} label={t(`card_${name}`)} classes={CHECKOUT_FIELD_CLASSES} name={name} inputMode="numeric" required {...input} />;
}

/** How often a finishing order is looked at again. */
const POLL_MS = 2000;

/** The sandbox provider's card step (docs/api.md "Payments" lists its test cards), its confirmation step and the wait for fulfilment. */
export function SandboxPayment({ order, onPaid, onBack }: { order: OrderDto; onPaid: (order: OrderDto) => void; onBack: () => void }) {
  const { t } = useTranslation('checkout');
  const locale = useSelector(selectLocale);
  const [step, setStep] = useState<Step>('card');
  const [error, setError] = useState<string | null>(order.failureCode);
  const [busy, setBusy] = useState(false);
  const amount = formatCents(order.amountCents, locale);

  // Payment taken while the order was being finished: look again until the licence is there.
  useEffect(() => {
    if (step !== 'processing') return;
    const timer = setInterval(async () => {
      const read = await readJsonResponse(orderAnswerSchema, await fetch(`/api/checkout/orders/${order.id}`).catch(() => null));
      if (read?.order.status === 'paid') onPaid(read.order);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [step, order.id, onPaid]);

  const settle = (answer: PaymentAnswer) => {
    if (answer.cscode === 200 && 'order' in answer && answer.order) return onPaid(answer.order);
    if ('confirmation' in answer) return setStep('confirm');
    if (answer.cscode === 202) return setStep('processing');
    setStep('card');
    setError(answer.cscode === 0 ? 'network' : answer.cscode === 429 ? 'rate_limited' : ('error' in answer && answer.error) || 'generic');
  };

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    settle(
      await postJson(
        '/api/checkout/sandbox/pay',
        {
          order: order.id,
          number: String(fields.get('number') ?? ''),
          expiry: String(fields.get('expiry') ?? ''),
          cvc: String(fields.get('cvc') ?? ''),
        } satisfies PostedInput<typeof sandboxPaymentSchema>,
        paymentAnswerSchema,
      ),
    );
    setBusy(false);
  };

  const confirm = async (approve: boolean) => {
    setBusy(true);
    settle(
      await postJson(
        '/api/checkout/sandbox/confirm',
        { order: order.id, approve: approve ? 'true' : 'false' } satisfies PostedInput<typeof sandboxConfirmationSchema>,
        paymentAnswerSchema,
      ),
    );
    setBusy(false);
  };

  if (step === 'processing')
    return (
      <p className={controls.notice} role="status">
        {t('processing')}
      </p>
    );
  if (step === 'confirm') {
    return (
      <div className={forms.confirm} role="dialog" aria-labelledby="confirm-heading">
        <h3 id="confirm-heading">{t('confirm_heading')}</h3>
        <p>{t('confirm_body', { amount })}</p>
        <div className={controls.inline}>
          <button type="button" className={controls.primary} disabled={busy} onClick={() => void confirm(true)}>
            {t('confirm_approve')}
          </button>
          <button type="button" className={controls.ghost} disabled={busy} onClick={() => void confirm(false)}>
            {t('confirm_refuse')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className={forms.cardForm} noValidate onSubmit={pay} aria-labelledby="pay-heading">
      <h3 id="pay-heading">{t('pay_heading')}</h3>
      <p className={forms.sandbox}>{t('sandbox_notice')}</p>
      <CardField name="number" autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} />
      <div className={forms.cardRow}>
        <div>
          <CardField name="expiry" autoComplete="cc-exp" placeholder="12/30" maxLength={7} />
        </div>
        <div>
          <CardField name="cvc" autoComplete="cc-csc" placeholder="123" maxLength={4} />
        </div>
      </div>
      <FormProblem className={controls.error}>{error && t(`errors.${error}`)}</FormProblem>
      <button type="submit" className={`${controls.primary} ${forms.submit}`} disabled={busy}>
        {busy ? t('paying') : t('pay', { amount })}
      </button>
      <button type="button" className={controls.linkButton} onClick={onBack}>
        {t('back_to_plans')}
      </button>
    </form>
  );
}
