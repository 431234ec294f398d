import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { formatCents, selectLocale, selectLocaleState, type OrderDto } from '@reelkeep/shared-contracts';
import { FormProblem } from '@reelkeep/shared-contracts/ui';
import * as controls from './checkout-controls.module.css';
import * as forms from './checkout-forms.module.css';

function StripeForm({ order, onBack }: { order: OrderDto; onBack: () => void }) {
  const { t } = useTranslation('checkout');
  const stripe = useStripe();
  const elements = useElements();
  const locale = useSelector(selectLocaleState);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // docs/commerce.md "Payment providers": the provider returns to /checkout with pay and payment_intent_client_secret; the server reduces the query.
    const returnUrl = new URL(`${locale.prefix}/checkout`, window.location.origin);
    returnUrl.searchParams.set('pay', 'stripe');
    returnUrl.searchParams.set('tid', order.id);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl.href } });
    setError(result.error?.message ?? null);
    setBusy(false);
  };

  return (
    <form className={forms.cardForm} onSubmit={pay}>
      <h3>{t('pay_heading')}</h3>
      <PaymentElement />
      <FormProblem className={controls.error}>{error}</FormProblem>
      <button type="submit" className={`${controls.primary} ${forms.submit}`} disabled={busy || !stripe}>
        {busy ? t('paying') : t('pay', { amount: formatCents(order.amountCents, locale.current) })}
      </button>
      <button type="button" className={controls.linkButton} onClick={onBack}>
        {t('back_to_plans')}
      </button>
    </form>
  );
}

/** Stripe's Payment Element for a PaymentIntent the server created (loaded only when Stripe is the provider). */
export default function StripePayment({
  publishableKey,
  clientSecret,
  order,
  onBack,
}: {
  publishableKey: string;
  clientSecret: string;
  order: OrderDto;
  onBack: () => void;
}) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const locale = useSelector(selectLocale);
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, locale: locale === 'zh' ? 'zh-TW' : locale, appearance: { theme: 'stripe', variables: { colorPrimary: '#5b3df5' } } }}
    >
      <StripeForm order={order} onBack={onBack} />
    </Elements>
  );
}
