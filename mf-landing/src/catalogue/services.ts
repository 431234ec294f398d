import { readServiceFacts, type ServiceFacts } from '@reelkeep/shared-contracts/product-facts';

/** A navigation group of the service catalogue (hot, TV, anime and adult lists: docs/routing.md "Service catalogue"). */
export type ServiceGroup = 'hot' | 'tv' | 'anime' | 'adult';

/** A service's entry of the catalogue, without the facts the product fact sheet holds. */
export interface ServiceEntry {
  /** Key in URLs: lowercase letters, digits and single hyphens only (e.g. `disney-plus`). */
  slug: string;
  /** Display name, e.g. `Disney+`. */
  name: string;
  group: ServiceGroup;
  /** Where the service is mainly available ('global' or ISO country codes like 'US', 'JP'). */
  regions: readonly string[];
  /** What the service mostly offers, for the landing page copy. */
  content: 'films-and-series' | 'tv-channels' | 'anime' | 'user-videos' | 'music-videos' | 'sport' | 'adult';
}

/**
 * One streaming service with its own landing page at `/{slug}-downloader`: its catalogue entry and what ReelKeep
 * saves from it, read from the product fact sheet (docs/content.md "Product facts").
 */
export type Service = ServiceEntry & ServiceFacts;

/** A catalogue entry with its facts; a service the sheet lacks stops the module from loading (its test catches it first). */
function withFacts(entry: ServiceEntry): Service {
  const facts = readServiceFacts(entry.slug);
  if (!facts) throw new Error(`services.ts: ${entry.slug} has no entry in the product fact sheet`);
  return { ...entry, ...facts };
}

/** The service catalogue, in navigation order: hot, then TV, anime and adult. */
export const SERVICES: readonly Service[] = (
  [
    // Hot: the big services worldwide.
    {
      slug: 'netflix',
      name: 'Netflix',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'disney-plus',
      name: 'Disney+',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'amazon-prime-video',
      name: 'Prime Video',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'hbo-max',
      name: 'HBO Max',
      group: 'hot',
      regions: ['US', 'MX', 'BR', 'ES', 'FR', 'PL', 'SE', 'NL'],
      content: 'films-and-series',
    },
    { slug: 'hulu', name: 'Hulu', group: 'hot', regions: ['US'], content: 'films-and-series' },
    {
      slug: 'apple-tv-plus',
      name: 'Apple TV+',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'paramount-plus',
      name: 'Paramount+',
      group: 'hot',
      regions: ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'IT', 'BR'],
      content: 'films-and-series',
    },
    {
      slug: 'peacock',
      name: 'Peacock',
      group: 'hot',
      regions: ['US'],
      content: 'films-and-series',
    },
    {
      slug: 'youtube',
      name: 'YouTube',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    {
      slug: 'discovery-plus',
      name: 'discovery+',
      group: 'hot',
      regions: ['US', 'GB', 'IE', 'IT'],
      content: 'films-and-series',
    },
    {
      slug: 'starz',
      name: 'STARZ',
      group: 'hot',
      regions: ['US'],
      content: 'films-and-series',
    },
    {
      slug: 'rakuten-tv',
      name: 'Rakuten TV',
      group: 'hot',
      regions: ['ES', 'FR', 'DE', 'IT', 'NL', 'GB'],
      content: 'films-and-series',
    },
    {
      slug: 'viki',
      name: 'Rakuten Viki',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'iqiyi',
      name: 'iQIYI',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'wetv',
      name: 'WeTV',
      group: 'hot',
      regions: ['TH', 'ID', 'PH', 'MY', 'VN'],
      content: 'films-and-series',
    },
    {
      slug: 'youku',
      name: 'Youku',
      group: 'hot',
      regions: ['CN'],
      content: 'films-and-series',
    },
    {
      slug: 'bilibili',
      name: 'Bilibili',
      group: 'hot',
      regions: ['CN'],
      content: 'user-videos',
    },
    { slug: 'vimeo', name: 'Vimeo', group: 'hot', regions: ['global'], content: 'user-videos' },
    {
      slug: 'dailymotion',
      name: 'Dailymotion',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    {
      slug: 'twitch',
      name: 'Twitch',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    {
      slug: 'facebook',
      name: 'Facebook',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    {
      slug: 'instagram',
      name: 'Instagram',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    {
      slug: 'tiktok',
      name: 'TikTok',
      group: 'hot',
      regions: ['global'],
      content: 'user-videos',
    },
    { slug: 'twitter', name: 'X', group: 'hot', regions: ['global'], content: 'user-videos' },
    { slug: 'dazn', name: 'DAZN', group: 'hot', regions: ['global'], content: 'sport' },
    {
      slug: 'mubi',
      name: 'MUBI',
      group: 'hot',
      regions: ['global'],
      content: 'films-and-series',
    },
    {
      slug: 'tubi',
      name: 'Tubi',
      group: 'hot',
      regions: ['US', 'CA', 'MX', 'AU', 'NZ', 'GB'],
      content: 'films-and-series',
    },
    {
      slug: 'pluto-tv',
      name: 'Pluto TV',
      group: 'hot',
      regions: ['US', 'CA', 'MX', 'BR', 'GB', 'DE', 'FR', 'IT', 'ES'],
      content: 'tv-channels',
    },
    {
      slug: 'kocowa',
      name: 'KOCOWA+',
      group: 'hot',
      regions: ['US', 'CA', 'MX', 'BR'],
      content: 'films-and-series',
    },
    {
      slug: 'viu',
      name: 'Viu',
      group: 'hot',
      regions: ['HK', 'SG', 'MY', 'ID', 'PH', 'TH'],
      content: 'films-and-series',
    },
    {
      slug: 'hotstar',
      name: 'JioHotstar',
      group: 'hot',
      regions: ['IN'],
      content: 'films-and-series',
    },
    { slug: 'zee5', name: 'ZEE5', group: 'hot', regions: ['IN'], content: 'films-and-series' },
    {
      slug: 'sonyliv',
      name: 'Sony LIV',
      group: 'hot',
      regions: ['IN'],
      content: 'films-and-series',
    },
    {
      slug: 'canal-plus',
      name: 'CANAL+',
      group: 'hot',
      regions: ['FR'],
      content: 'films-and-series',
    },
    {
      slug: 'joyn',
      name: 'Joyn',
      group: 'hot',
      regions: ['DE', 'AT', 'CH'],
      content: 'tv-channels',
    },
    {
      slug: 'rtl-plus',
      name: 'RTL+',
      group: 'hot',
      regions: ['DE'],
      content: 'films-and-series',
    },
    {
      slug: 'videoland',
      name: 'Videoland',
      group: 'hot',
      regions: ['NL'],
      content: 'films-and-series',
    },
    {
      slug: 'movistar-plus',
      name: 'Movistar Plus+',
      group: 'hot',
      regions: ['ES'],
      content: 'films-and-series',
    },
    // TV: broadcasters and TV-channel streaming services.
    {
      slug: 'bbc-iplayer',
      name: 'BBC iPlayer',
      group: 'tv',
      regions: ['GB'],
      content: 'tv-channels',
    },
    { slug: 'itvx', name: 'ITVX', group: 'tv', regions: ['GB'], content: 'tv-channels' },
    {
      slug: 'channel-4',
      name: 'Channel 4',
      group: 'tv',
      regions: ['GB'],
      content: 'tv-channels',
    },
    { slug: 'my5', name: 'My5', group: 'tv', regions: ['GB'], content: 'tv-channels' },
    {
      slug: 'abc-iview',
      name: 'ABC iview',
      group: 'tv',
      regions: ['AU'],
      content: 'tv-channels',
    },
    {
      slug: 'sbs-on-demand',
      name: 'SBS On Demand',
      group: 'tv',
      regions: ['AU'],
      content: 'tv-channels',
    },
    { slug: '9now', name: '9Now', group: 'tv', regions: ['AU'], content: 'tv-channels' },
    { slug: '7plus', name: '7plus', group: 'tv', regions: ['AU'], content: 'tv-channels' },
    { slug: 'tvnz-plus', name: 'TVNZ+', group: 'tv', regions: ['NZ'], content: 'tv-channels' },
    { slug: 'cbc-gem', name: 'CBC Gem', group: 'tv', regions: ['CA'], content: 'tv-channels' },
    { slug: 'pbs', name: 'PBS', group: 'tv', regions: ['US'], content: 'tv-channels' },
    { slug: 'tver', name: 'TVer', group: 'tv', regions: ['JP'], content: 'tv-channels' },
    { slug: 'abema', name: 'ABEMA', group: 'tv', regions: ['JP'], content: 'tv-channels' },
    { slug: 'u-next', name: 'U-NEXT', group: 'tv', regions: ['JP'], content: 'films-and-series' },
    {
      slug: 'hulu-jp',
      name: 'Hulu Japan',
      group: 'tv',
      regions: ['JP'],
      content: 'films-and-series',
    },
    { slug: 'fod', name: 'FOD', group: 'tv', regions: ['JP'], content: 'tv-channels' },
    { slug: 'tving', name: 'TVING', group: 'tv', regions: ['KR'], content: 'tv-channels' },
    { slug: 'wavve', name: 'Wavve', group: 'tv', regions: ['KR'], content: 'tv-channels' },
    {
      slug: 'mango-tv',
      name: 'Mango TV',
      group: 'tv',
      regions: ['CN'],
      content: 'tv-channels',
    },
    {
      slug: 'mytv-super',
      name: 'myTV SUPER',
      group: 'tv',
      regions: ['HK'],
      content: 'tv-channels',
    },
    { slug: 'tf1-plus', name: 'TF1+', group: 'tv', regions: ['FR'], content: 'tv-channels' },
    {
      slug: 'france-tv',
      name: 'france.tv',
      group: 'tv',
      regions: ['FR'],
      content: 'tv-channels',
    },
    { slug: 'arte', name: 'ARTE', group: 'tv', regions: ['FR', 'DE'], content: 'tv-channels' },
    {
      slug: 'ard-mediathek',
      name: 'ARD Mediathek',
      group: 'tv',
      regions: ['DE'],
      content: 'tv-channels',
    },
    { slug: 'zdf', name: 'ZDF', group: 'tv', regions: ['DE'], content: 'tv-channels' },
    { slug: 'orf-on', name: 'ORF ON', group: 'tv', regions: ['AT'], content: 'tv-channels' },
    { slug: 'raiplay', name: 'RaiPlay', group: 'tv', regions: ['IT'], content: 'tv-channels' },
    {
      slug: 'mediaset-infinity',
      name: 'Mediaset Infinity',
      group: 'tv',
      regions: ['IT'],
      content: 'tv-channels',
    },
    {
      slug: 'rtve-play',
      name: 'RTVE Play',
      group: 'tv',
      regions: ['ES'],
      content: 'tv-channels',
    },
    {
      slug: 'atresplayer',
      name: 'atresplayer',
      group: 'tv',
      regions: ['ES'],
      content: 'tv-channels',
    },
    {
      slug: 'rtp-play',
      name: 'RTP Play',
      group: 'tv',
      regions: ['PT'],
      content: 'tv-channels',
    },
    {
      slug: 'rte-player',
      name: 'RTÉ Player',
      group: 'tv',
      regions: ['IE'],
      content: 'tv-channels',
    },
    {
      slug: 'npo-start',
      name: 'NPO Start',
      group: 'tv',
      regions: ['NL'],
      content: 'tv-channels',
    },
    { slug: 'vrt-max', name: 'VRT MAX', group: 'tv', regions: ['BE'], content: 'tv-channels' },
    { slug: 'nrk-tv', name: 'NRK TV', group: 'tv', regions: ['NO'], content: 'tv-channels' },
    {
      slug: 'svt-play',
      name: 'SVT Play',
      group: 'tv',
      regions: ['SE'],
      content: 'tv-channels',
    },
    { slug: 'dr-tv', name: 'DRTV', group: 'tv', regions: ['DK'], content: 'tv-channels' },
    {
      slug: 'yle-areena',
      name: 'Yle Areena',
      group: 'tv',
      regions: ['FI'],
      content: 'tv-channels',
    },
    { slug: 'tvp-vod', name: 'TVP VOD', group: 'tv', regions: ['PL'], content: 'tv-channels' },
    {
      slug: 'globoplay',
      name: 'Globoplay',
      group: 'tv',
      regions: ['BR'],
      content: 'films-and-series',
    },
    // Anime streaming services.
    {
      slug: 'crunchyroll',
      name: 'Crunchyroll',
      group: 'anime',
      regions: ['global'],
      content: 'anime',
    },
    {
      slug: 'hidive',
      name: 'HIDIVE',
      group: 'anime',
      regions: ['US', 'CA', 'GB', 'IE', 'AU', 'NZ'],
      content: 'anime',
    },
    {
      slug: 'adn',
      name: 'Anime Digital Network',
      group: 'anime',
      regions: ['FR', 'BE', 'CH', 'LU', 'DE', 'AT'],
      content: 'anime',
    },
    {
      slug: 'anime-onegai',
      name: 'Anime Onegai',
      group: 'anime',
      regions: ['MX', 'BR', 'AR', 'CL', 'CO', 'PE'],
      content: 'anime',
    },
    {
      slug: 'retrocrush',
      name: 'RetroCrush',
      group: 'anime',
      regions: ['US', 'CA'],
      content: 'anime',
    },
    {
      slug: 'muse-asia',
      name: 'Muse Asia',
      group: 'anime',
      regions: ['TW', 'HK', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN'],
      content: 'anime',
    },
    {
      slug: 'ani-one',
      name: 'Ani-One Asia',
      group: 'anime',
      regions: ['HK', 'TW', 'SG', 'MY', 'TH', 'ID', 'PH'],
      content: 'anime',
    },
    {
      slug: 'bahamut-anime',
      name: 'Bahamut Anime Crazy',
      group: 'anime',
      regions: ['TW'],
      content: 'anime',
    },
    { slug: 'pops', name: 'POPS', group: 'anime', regions: ['VN'], content: 'anime' },
    { slug: 'laftel', name: 'Laftel', group: 'anime', regions: ['KR'], content: 'anime' },
    {
      slug: 'd-anime-store',
      name: 'd Anime Store',
      group: 'anime',
      regions: ['JP'],
      content: 'anime',
    },
    { slug: 'dmm-tv', name: 'DMM TV', group: 'anime', regions: ['JP'], content: 'anime' },
    {
      slug: 'bandai-channel',
      name: 'Bandai Channel',
      group: 'anime',
      regions: ['JP'],
      content: 'anime',
    },
    {
      slug: 'niconico',
      name: 'Niconico',
      group: 'anime',
      regions: ['JP'],
      content: 'user-videos',
    },
    // Adult video sites.
    {
      slug: 'onlyfans',
      name: 'OnlyFans',
      group: 'adult',
      regions: ['global'],
      content: 'adult',
    },
    { slug: 'pornhub', name: 'Pornhub', group: 'adult', regions: ['global'], content: 'adult' },
    {
      slug: 'xvideos',
      name: 'XVideos',
      group: 'adult',
      regions: ['global'],
      content: 'adult',
    },
    {
      slug: 'xhamster',
      name: 'xHamster',
      group: 'adult',
      regions: ['global'],
      content: 'adult',
    },
    { slug: 'fansly', name: 'Fansly', group: 'adult', regions: ['global'], content: 'adult' },
    {
      slug: 'chaturbate',
      name: 'Chaturbate',
      group: 'adult',
      regions: ['global'],
      content: 'adult',
    },
  ] satisfies ServiceEntry[]
).map(withFacts);

/** Finds a service by its slug. */
export function findService(slug: string): Service | undefined {
  return SERVICES.find((service) => service.slug === slug);
}

/** The services of one navigation group, in catalogue order. */
export function listServicesByGroup(group: ServiceGroup): Service[] {
  return SERVICES.filter((service) => service.group === group);
}
