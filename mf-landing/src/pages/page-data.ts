import type { ServiceLink } from '@reelkeep/shared-contracts';
import type { Installers } from '../components/DownloadButtons.tsx';
import type { Service } from '../catalogue/services.ts';

/** The facts of a service its landing page is written from. */
export type ServiceFacts = Pick<Service, 'slug' | 'name' | 'group' | 'maxQuality' | 'content' | 'subtitles' | 'multiAudio'>;

/** Data of `/{service}-downloader` (the generic adult page has no service). */
export interface ServicePageData {
  service: ServiceFacts | null;
  productName: string;
  installers: Installers;
  related: ServiceLink[];
}

/** Data of the home page and the movie downloader. */
export interface ShowcaseData {
  services: ServiceLink[];
  serviceCount: number;
  installers: Installers;
}

/** Data of the pages about one product (thanks pages, downloading). */
export interface ProductPageData {
  product: string;
  productSlug: string;
  installers: Installers;
}

/** Data of `/downloading`: the all-in-one app and its current version per OS (null: not known now). */
export interface DownloadingPageData extends ProductPageData {
  versions: { win: string | null; mac: string | null };
}
