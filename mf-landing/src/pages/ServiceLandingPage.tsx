import { useSelector } from 'react-redux';
import { useTranslate } from '../use-translate.ts';
import { DS, toLocalePath, selectLocale, USUAL_QUALITY, type PageProps, type Translate } from '@reelkeep/shared-contracts';
import { DownloadButtons } from '../components/DownloadButtons.tsx';
import { FaqList, type FaqItem } from '../components/FaqList.tsx';
import { FeatureGrid, type Feature } from '../components/FeatureGrid.tsx';
import { Hero } from '../components/Hero.tsx';
import { PlansTeaser } from '../components/PlansTeaser.tsx';
import { PageShare } from '../components/PageShare.tsx';
import { ServiceChips } from '../components/ServiceChips.tsx';
import { StepList } from '../components/StepList.tsx';
import type { ServiceFacts, ServicePageData } from './page-data.ts';

const FAQ_KEYS = ['legal', 'account', 'quality', 'expiry', 'trial'] as const;

/** The values the landing copy templates read for a service. */
export function toServiceValues(t: Translate, service: ServiceFacts | null) {
  // docs/content.md "Product facts": the generic adult page promises what most services give.
  if (!service) return { service: t('adult_name'), quality: USUAL_QUALITY, content: t('content.adult') };
  return { service: service.name, quality: service.maxQuality, content: t(`content.${service.content}`) };
}

/** The FAQ of a service page, shared by the page and its FAQPage JSON-LD. */
export function buildServiceFaq(t: Translate, service: ServiceFacts | null): FaqItem[] {
  const values = toServiceValues(t, service);
  return FAQ_KEYS.map((key) => ({ question: t(`faq.${key}.q`, values), answer: t(`faq.${key}.a`, values) }));
}

function buildFeatures(t: Translate, service: ServiceFacts | null): Feature[] {
  const values = toServiceValues(t, service);
  return [
    { icon: 'quality', title: t('features.quality.title', values), text: t('features.quality.text', values) },
    {
      icon: 'audio',
      title: t('features.audio.title'),
      text: t(service?.multiAudio ? 'features.audio.text_multi' : 'features.audio.text_single', values),
    },
    {
      icon: 'subtitles',
      title: t('features.subtitles.title'),
      text: t(service && !service.subtitles ? 'features.subtitles.text_none' : 'features.subtitles.text', values),
    },
    { icon: 'batch', title: t('features.batch.title'), text: t('features.batch.text', values) },
    { icon: 'formats', title: t('features.formats.title'), text: t('features.formats.text', values) },
    { icon: 'speed', title: t('features.speed.title'), text: t('features.speed.text', values) },
  ];
}

/** `/{service}-downloader`: what ReelKeep does for one service, written from its facts (docs/routing.md "Service catalogue"). */
export function ServiceLandingPage({ data }: PageProps<ServicePageData>) {
  const t = useTranslate('landing');
  const locale = useSelector(selectLocale);
  const values = toServiceValues(t, data.service);
  return (
    <>
      <Hero eyebrow={t('hero.eyebrow', values)} title={t('heading', values)} lead={t('lead', values)}>
        <DownloadButtons installers={data.installers} buyHref={toLocalePath(locale, '/checkout')} />
      </Hero>
      <FeatureGrid
        eyebrow={t('features.eyebrow')}
        title={t('features.title', values)}
        lead={t('features.lead', values)}
        features={buildFeatures(t, data.service)}
      />
      <StepList
        title={t('steps.title', values)}
        steps={(['one', 'two', 'three'] as const).map((step) => ({ title: t(`steps.${step}.title`, values), text: t(`steps.${step}.text`, values) }))}
      />
      <PlansTeaser />
      <FaqList title={t('faq.title', values)} items={buildServiceFaq(t, data.service)} />
      <PageShare title={t('heading', values)} />
      {data.related.length > 0 && (
        <section className={DS.section} aria-labelledby="related-title">
          <div className={DS.container}>
            <h2 id="related-title" className={DS.h2}>
              {t('related.title')}
            </h2>
            <p className={DS.lead}>{t('related.lead', { service: values.service })}</p>
            <ServiceChips services={data.related} />
          </div>
        </section>
      )}
    </>
  );
}
