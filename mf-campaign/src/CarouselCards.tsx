import { useTranslation } from 'react-i18next';
import { formatCents } from '@reelkeep/shared-contracts';
import type { CarouselCard } from './carousel-rules.ts';
import * as styles from './CarouselCards.module.css';

/**
 * Carousel entries as cards (docs/campaigns.md "Carousel entries"): art with the float text over it, title,
 * description and button; a featured card is wider and first; a masked card is veiled and has no button; an
 * expired one is veiled, marked as ended and has no button. The rules are `carousel-rules.ts`.
 */
export function CarouselCards({ cards, locale, headingLevel = 3 }: { cards: readonly CarouselCard[]; locale: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('campaign');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.cards}>
      {cards.map((card) => {
        const values = card.coupon
          ? {
              code: card.coupon.code,
              amount: formatCents(card.coupon.discountCents, locale),
              min: formatCents(card.coupon.minPriceCents, locale),
            }
          : {};
        const text = (key: string) => t(`carousel.${key}`, values);
        return (
          <li
            key={card.id}
            className={card.featured ? `${styles.card} ${styles.featured}` : styles.card}
            data-state={card.state}
            data-featured={card.featured}
          >
            <div className={styles.art}>
              <img src={card.entry.image} alt="" width={800} height={450} loading="lazy" />
              {card.state === 'expired' && <span className={styles.veil}>{t('ui.expired')}</span>}
              {card.state === 'masked' && <span className={styles.veil}>{card.floatKey ? text(card.floatKey) : t('ui.masked')}</span>}
              {card.state === 'live' && card.floatKey && <span className={styles.float}>{text(card.floatKey)}</span>}
            </div>
            <div className={styles.text}>
              {card.featured && card.state === 'live' && <span className={styles.ribbon}>{t('ui.featured')}</span>}
              <Heading className={styles.title}>{text(card.entry.titleKey)}</Heading>
              <p className={styles.description}>{text(card.entry.descriptionKey)}</p>
              {card.href ? (
                <a className={styles.button} href={card.href}>
                  {text(card.entry.buttonKey)}
                </a>
              ) : (
                <span className={styles.status}>{card.state === 'expired' ? t('ui.expired') : t('ui.masked')}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
