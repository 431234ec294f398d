import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '@reelkeep/shared-contracts';
import { Field, FormProblem } from '@reelkeep/shared-contracts/ui';
import { checkoutEvents, selectCheckoutState, useCheckoutDispatch, useCheckoutSelector } from './checkout-slice.ts';
import { CHECKOUT_FIELD_CLASSES } from './field-classes.ts';
import * as controls from './checkout-controls.module.css';
import * as forms from './checkout-forms.module.css';

/** The order form: the licence's e-mail for a visitor without an account (or who is signed in), and Continue to payment. */
export function OrderForm({ blocked, onSubmit }: { blocked: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const { t } = useTranslation('checkout');
  const dispatch = useCheckoutDispatch();
  const user = useCheckoutSelector(selectUser);
  const { email, emailError, formError, busy } = useCheckoutSelector(selectCheckoutState);
  return (
    <form className={forms.orderForm} noValidate onSubmit={onSubmit}>
      {user ? (
        <p className={forms.signedIn}>{t('signed_in_as', { email: user.email })}</p>
      ) : (
        <Field
          id="checkout-email"
          label={t('email_label')}
          classes={CHECKOUT_FIELD_CLASSES}
          messageLine={{ id: 'checkout-email-hint', role: emailError ? 'alert' : undefined }}
          hint={t('email_hint')}
          problem={emailError ? t(`errors.${emailError}`) : ''}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={(event) => dispatch(checkoutEvents.emailTyped(event.target.value))}
        />
      )}
      <FormProblem className={controls.error}>{formError && t(`errors.${formError}`)}</FormProblem>
      <button type="submit" className={`${controls.primary} ${forms.submit}`} disabled={busy || blocked}>
        {t('continue')}
      </button>
    </form>
  );
}
