import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslate } from '../use-translate.ts';
import { DS, toLocalePath, selectLocale, type PageProps, type Translate } from '@reelkeep/shared-contracts';
import { DownloadButtons } from '../components/DownloadButtons.tsx';
import { FaqList, type FaqItem } from '../components/FaqList.tsx';
import { FeatureGrid } from '../components/FeatureGrid.tsx';
import { Hero } from '../components/Hero.tsx';
import { PlansTeaser } from '../components/PlansTeaser.tsx';
import { ServiceChips } from '../components/ServiceChips.tsx';
import { StepList } from '../components/StepList.tsx';
import { PageShare } from '../components/PageShare.tsx';
import type { ShowcaseData } from './page-data.ts';

const FEATURES = ['quality', 'audio', 'subtitles', 'batch', 'formats', 'speed'] as const;
const FAQ_KEYS = ['what', 'services', 'devices', 'trial'] as const;

/** The home page's FAQ, shared by the page and its FAQPage JSON-LD. */
export function buildHomeFaq(t: Translate, serviceCount: number): FaqItem[] {
  return FAQ_KEYS.map((key) => ({ question: t(`faq.${key}.q`), answer: t(`faq.${key}.a`, { count: serviceCount }) }));
}

/** The home page: what ReelKeep is, for which services, how it works and what it costs. */
export function HomePage({ data, pageName }: PageProps<ShowcaseData>) {
  const t = useTranslate(pageName);
  const locale = useSelector(selectLocale);
  // One direct React hook in a server-rendered remote page: a wrong React copy on the server fails here (docs/toolchain.md "Eager shared modules only in the host").
  const [checkoutHref] = useState(() => toLocalePath(locale, '/checkout'));
  return (
    <>
      <Hero eyebrow={t('hero.eyebrow', { count: data.serviceCount })} title={t('heading')} lead={t('lead')}>
        <DownloadButtons installers={data.installers} buyHref={checkoutHref} />
      </Hero>
      <section className={DS.sectionMuted} aria-labelledby="services-title">
        <div className={DS.container}>
          <h2 id="services-title" className={DS.h2}>
            {t('services.title')}
          </h2>
          <p className={DS.lead}>{t('services.lead', { count: data.serviceCount })}</p>
          <ServiceChips services={data.services} />
          <p>
            <a href={toLocalePath(locale, '/movie-downloader')}>{t('services.all', { count: data.serviceCount })}</a>
          </p>
        </div>
      </section>
      <FeatureGrid
        eyebrow={t('features.eyebrow')}
        title={t('features.title')}
        features={FEATURES.map((key, index) => ({ icon: FEATURES[index]!, title: t(`features.${key}.title`), text: t(`features.${key}.text`) }))}
      />
      <StepList
        title={t('steps.title')}
        steps={(['one', 'two', 'three'] as const).map((step) => ({ title: t(`steps.${step}.title`), text: t(`steps.${step}.text`) }))}
      />
      <PlansTeaser />
      <FaqList title={t('faq.title')} items={buildHomeFaq(t, data.serviceCount)} />
      <PageShare />
    </>
  );
}
