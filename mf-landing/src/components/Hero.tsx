import type { ReactNode } from 'react';
import { DS } from '@reelkeep/shared-contracts';
import { AppIllustration } from './AppIllustration.tsx';
import * as styles from './Hero.module.css';

/** The top band of a landing page: the page's h1, its lead, actions and the app illustration. */
export function Hero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section className={styles.hero}>
      <div className={`${DS.container} ${styles.layout}`}>
        <div>
          {eyebrow && <p className={DS.badge}>{eyebrow}</p>}
          <h1 className={DS.display}>{title}</h1>
          <p className={DS.lead}>{lead}</p>
          {children}
        </div>
        <AppIllustration className={styles.art} />
      </div>
    </section>
  );
}
