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
import * as styles from './CheckoutPage.module.css';

type Step = 'card' | 'confirm' | 'processing';

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
      <p className={styles.notice} role="status">
        {t('processing')}
      </p>
    );
  if (step === 'confirm') {
    return (
      <div className={styles.confirm} role="dialog" aria-labelledby="confirm-heading">
        <h3 id="confirm-heading">{t('confirm_heading')}</h3>
        <p>{t('confirm_body', { amount })}</p>
        <div className={styles.inline}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm(true)}>
            {t('confirm_approve')}
          </button>
          <button type="button" className={styles.ghost} disabled={busy} onClick={() => void confirm(false)}>
            {t('confirm_refuse')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className={styles.cardForm} noValidate onSubmit={pay} aria-labelledby="pay-heading">
      <h3 id="pay-heading">{t('pay_heading')}</h3>
      <p className={styles.sandbox}>{t('sandbox_notice')}</p>
      <label htmlFor="card-number">{t('card_number')}</label>
      <input id="card-number" name="number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} required />
      <div className={styles.cardRow}>
        <div>
          <label htmlFor="card-expiry">{t('card_expiry')}</label>
          <input id="card-expiry" name="expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="12/30" maxLength={7} required />
        </div>
        <div>
          <label htmlFor="card-cvc">{t('card_cvc')}</label>
          <input id="card-cvc" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} required />
        </div>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {t(`errors.${error}`)}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('paying') : t('pay', { amount })}
      </button>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {t('back_to_plans')}
      </button>
    </form>
  );
}
