import { DS } from '@reelkeep/shared-contracts';
import { Icon, type IconName } from './Icon.tsx';
import * as styles from './FeatureGrid.module.css';

/** One feature card, already translated. */
export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

/** A titled grid of feature cards. */
export function FeatureGrid({ eyebrow, title, lead, features }: { eyebrow?: string; title: string; lead?: string; features: readonly Feature[] }) {
  return (
    <section className={DS.section} aria-labelledby="features-title">
      <div className={DS.container}>
        {eyebrow && <p className={DS.eyebrow}>{eyebrow}</p>}
        <h2 id="features-title" className={DS.h2}>
          {title}
        </h2>
        {lead && <p className={DS.lead}>{lead}</p>}
        <div className={`${DS.grid3} ${styles.grid}`}>
          {features.map((feature) => (
            <article key={feature.title} className={`${DS.card} ${styles.card}`}>
              <span className={styles.icon}>
                <Icon name={feature.icon} />
              </span>
              <h3 className={DS.h3}>{feature.title}</h3>
              <p className={styles.text}>{feature.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
