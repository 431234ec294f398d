import { DS } from '@reelkeep/shared-contracts';
import * as styles from './AccountPage.module.css';

/**
 * The captcha of a form posted without JavaScript (docs/forms.md "Captcha"): a sum drawn as a picture, answered
 * in a field, with its signed token. `label` is the page's own text for the question.
 */
export function NoScriptCaptcha({ id, label, sum }: { id: string; label: string; sum: { image: string; token: string } }) {
  return (
    <noscript>
      <label className={DS.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <img className={styles.captchaImage} src={sum.image} alt={label} width={200} height={50} />
      <input className={DS.input} id={id} name="captcha_answer" inputMode="numeric" autoComplete="off" />
      <input type="hidden" name="captcha_token" value={sum.token} />
    </noscript>
  );
}
