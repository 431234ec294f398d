import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './BackToTop.module.css';

/** docs/frame.md "Back to top": the button appears past 100 px and scrolls up in steps every 20 ms. */
export const BACK_TO_TOP_THRESHOLD_PX = 100;
export const BACK_TO_TOP_STEP_MS = 20;

/** Scrolls to the top in animated steps (a fifth of the way each step, at least 40 px). */
export function scrollToTopInSteps(): () => void {
  const timer = setInterval(() => {
    const y = window.scrollY;
    if (y <= 0) return clearInterval(timer);
    window.scrollTo(0, Math.max(0, y - Math.max(40, Math.ceil(y / 5))));
  }, BACK_TO_TOP_STEP_MS);
  return () => clearInterval(timer);
}

/** The back-to-top button (docs/frame.md "Back to top"). */
export function BackToTop() {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <button
      type="button"
      className={styles.button}
      data-visible={visible}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      onClick={() => scrollToTopInSteps()}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M5 12l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.label}>{t('footer.back_to_top')}</span>
    </button>
  );
}
