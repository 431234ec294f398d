/**
 * The product fact sheet (docs/content.md "Product facts"): what ReelKeep saves from each service (best quality,
 * subtitles, several audio tracks) and in which files. Landing pages, guides and translations read these facts
 * through placeholders (`{{facts.quality.netflix}}`, `{{facts.usual_quality}}`, `{{facts.best_quality}}`) and
 * never write a quality themselves, so one fact is said the same way everywhere; `product-facts.test.ts` fails on a
 * text that does.
 */

import { TEXT_FACTS, type VideoQuality } from './fact-values.ts';

/** The files every download can be saved as: the buyer picks one for each title. */
export const OUTPUT_FORMATS = ['MP4', 'MKV'] as const;

/** What ReelKeep saves from one service. */
export interface ServiceFacts {
  /** The best quality the app saves from this service (a title or a plan may offer less). */
  maxQuality: VideoQuality;
  /** Whether the app can save subtitles from this service. */
  subtitles: boolean;
  /** Whether several audio tracks can be saved. */
  multiAudio: boolean;
}

/** The facts of every service of the catalogue, by slug (`mf-landing`'s `SERVICES` reads its facts here). */
export const SERVICE_FACTS: Readonly<Record<string, ServiceFacts>> = {
  netflix: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'disney-plus': { maxQuality: '4K', subtitles: true, multiAudio: true },
  'amazon-prime-video': { maxQuality: '4K', subtitles: true, multiAudio: true },
  'hbo-max': { maxQuality: '4K', subtitles: true, multiAudio: true },
  hulu: { maxQuality: '4K', subtitles: true, multiAudio: true },
  'apple-tv-plus': { maxQuality: '4K', subtitles: true, multiAudio: true },
  'paramount-plus': { maxQuality: '4K', subtitles: true, multiAudio: true },
  peacock: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  youtube: { maxQuality: '4K', subtitles: true, multiAudio: true },
  'discovery-plus': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  starz: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'rakuten-tv': { maxQuality: '4K', subtitles: true, multiAudio: true },
  viki: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  iqiyi: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  wetv: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  youku: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  bilibili: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  vimeo: { maxQuality: '4K', subtitles: true, multiAudio: false },
  dailymotion: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  twitch: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  facebook: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  instagram: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  tiktok: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  twitter: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  dazn: { maxQuality: '1080p', subtitles: false, multiAudio: true },
  mubi: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  tubi: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'pluto-tv': { maxQuality: '720p', subtitles: true, multiAudio: false },
  kocowa: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  viu: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  hotstar: { maxQuality: '4K', subtitles: true, multiAudio: true },
  zee5: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  sonyliv: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'canal-plus': { maxQuality: '1080p', subtitles: true, multiAudio: true },
  joyn: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'rtl-plus': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  videoland: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'movistar-plus': { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'bbc-iplayer': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  itvx: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'channel-4': { maxQuality: '720p', subtitles: true, multiAudio: false },
  my5: { maxQuality: '720p', subtitles: true, multiAudio: false },
  'abc-iview': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'sbs-on-demand': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  '9now': { maxQuality: '720p', subtitles: true, multiAudio: false },
  '7plus': { maxQuality: '720p', subtitles: true, multiAudio: false },
  'tvnz-plus': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'cbc-gem': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  pbs: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  tver: { maxQuality: '720p', subtitles: true, multiAudio: false },
  abema: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'u-next': { maxQuality: '4K', subtitles: true, multiAudio: true },
  'hulu-jp': { maxQuality: '1080p', subtitles: true, multiAudio: true },
  fod: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  tving: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  wavve: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'mango-tv': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'mytv-super': { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'tf1-plus': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'france-tv': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  arte: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'ard-mediathek': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  zdf: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'orf-on': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  raiplay: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'mediaset-infinity': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'rtve-play': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  atresplayer: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'rtp-play': { maxQuality: '720p', subtitles: true, multiAudio: false },
  'rte-player': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'npo-start': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'vrt-max': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'nrk-tv': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'svt-play': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'dr-tv': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'yle-areena': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'tvp-vod': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  globoplay: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  crunchyroll: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  hidive: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  adn: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'anime-onegai': { maxQuality: '1080p', subtitles: true, multiAudio: true },
  retrocrush: { maxQuality: '1080p', subtitles: true, multiAudio: true },
  'muse-asia': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'ani-one': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'bahamut-anime': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  pops: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  laftel: { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'd-anime-store': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'dmm-tv': { maxQuality: '1080p', subtitles: true, multiAudio: false },
  'bandai-channel': { maxQuality: '1080p', subtitles: false, multiAudio: false },
  niconico: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  onlyfans: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  pornhub: { maxQuality: '4K', subtitles: false, multiAudio: false },
  xvideos: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  xhamster: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  fansly: { maxQuality: '1080p', subtitles: false, multiAudio: false },
  chaturbate: { maxQuality: '1080p', subtitles: false, multiAudio: false },
};

/** A service's facts, or undefined for a slug the sheet does not know. */
export function readServiceFacts(slug: string): ServiceFacts | undefined {
  return Object.hasOwn(SERVICE_FACTS, slug) ? SERVICE_FACTS[slug] : undefined;
}

const FACT_PLACEHOLDER = /\{\{facts\.([\w.-]+)\}\}/g;

/** Fills the `{{facts.…}}` placeholders of a text; an unknown fact throws, so a typo stops the content from loading. */
export function fillFactPlaceholders(text: string, where: string): string {
  return text.replace(FACT_PLACEHOLDER, (_placeholder, path: string) => {
    const value = readFactValue(path);
    if (value === undefined) throw new Error(`${where}: unknown product fact {{facts.${path}}}`);
    return value;
  });
}

/** The text of one fact by its path (`usual_quality`, `quality.netflix`), or undefined. */
export function readFactValue(path: string): string | undefined {
  if (Object.hasOwn(TEXT_FACTS, path)) return TEXT_FACTS[path];
  const [group, slug, ...rest] = path.split('.');
  if (group !== 'quality' || slug === undefined || rest.length > 0) return undefined;
  return readServiceFacts(slug)?.maxQuality;
}

/** Video qualities and container formats a text may name; a text naming them outside the placeholders states a fact of its own. */
const LITERAL_QUALITY = /(?<![\w{.])(8K|4K|2160p|1440p|1080p|720p|480p|360p)(?![\w])/gi;
// Format names are written in capitals: lower-case `mp4` is a link's slug, `avi` a syllable (`avión`).
const CONTAINER_NAME = /(?<![\w./-])(MP4|MKV|AVI|MOV|WMV|FLV|WEBM|WebM|M4V|3GP|MPEG)(?![\w-])/g;

/** One statement of a text that the fact sheet does not back. */
export interface FactConflict {
  /** The words as written. */
  found: string;
  reason: 'literal_quality' | 'unknown_format' | 'unknown_fact' | 'other_service';
}

/**
 * What a text says about the product that disagrees with the fact sheet (docs/content.md "Product facts"): a quality
 * written out (it must come from the sheet), a file format the app does not save, a fact the sheet lacks, and, in
 * a text about one service (a guide's `service`), another service's quality.
 */
export function findFactConflicts(text: string, aboutService?: string): FactConflict[] {
  const conflicts: FactConflict[] = [];
  for (const match of text.matchAll(LITERAL_QUALITY)) conflicts.push({ found: match[0], reason: 'literal_quality' });
  for (const match of text.matchAll(CONTAINER_NAME)) {
    if (!(OUTPUT_FORMATS as readonly string[]).includes(match[0])) conflicts.push({ found: match[0], reason: 'unknown_format' });
  }
  for (const match of text.matchAll(FACT_PLACEHOLDER)) {
    const path = match[1]!;
    if (readFactValue(path) === undefined) conflicts.push({ found: match[0], reason: 'unknown_fact' });
    else if (aboutService !== undefined && path.startsWith('quality.') && path !== `quality.${aboutService}`) {
      conflicts.push({ found: match[0], reason: 'other_service' });
    }
  }
  return conflicts;
}
