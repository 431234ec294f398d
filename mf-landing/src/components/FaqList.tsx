import { DS } from '@reelkeep/shared-contracts';
import * as styles from './FaqList.module.css';

/** One question and its answer, already translated. */
export interface FaqItem {
  question: string;
  answer: string;
}

/** A FAQ as disclosure widgets (works without JavaScript); the page adds the matching FAQPage JSON-LD. */
export function FaqList({ title, items }: { title: string; items: readonly FaqItem[] }) {
  return (
    <section className={DS.section} aria-labelledby="faq-title">
      <div className={`${DS.container} ${styles.layout}`}>
        <h2 id="faq-title" className={DS.h2}>
          {title}
        </h2>
        <div className={styles.list}>
          {items.map((item) => (
            <details key={item.question} className={styles.item}>
              <summary className={styles.question}>{item.question}</summary>
              <p className={styles.answer}>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The schema.org FAQPage of the same items (docs/routing.md "Structured data"). */
export function toFaqStructuredData(items: readonly FaqItem[]): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}
