import { DS } from '@reelkeep/shared-contracts';
import * as styles from './StepList.module.css';

/** One numbered step, already translated. */
export interface Step {
  title: string;
  text: string;
}

/** "How it works": numbered steps on a dark band. */
export function StepList({ title, steps }: { title: string; steps: readonly Step[] }) {
  return (
    <section className={DS.sectionDark} aria-labelledby="steps-title">
      <div className={DS.container}>
        <h2 id="steps-title" className={`${DS.h2} ${styles.title}`}>
          {title}
        </h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={DS.h3}>{step.title}</h3>
              <p className={styles.text}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
