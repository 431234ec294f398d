/** A navigation group of the service catalogue (spec §2: hot, TV, anime and adult lists). */
export type ServiceGroup = 'hot' | 'tv' | 'anime' | 'adult';

/** One streaming service with its own landing page at `/{slug}-downloader`. */
export interface Service {
  /** Key in URLs: lowercase letters, digits and single hyphens only (e.g. `disney-plus`). */
  slug: string;
  /** Display name, e.g. `Disney+`. */
  name: string;
  group: ServiceGroup;
  /** Best video quality the app saves from this service. */
  maxQuality: '720p' | '1080p' | '4K';
  /** Where the service is mainly available ('global' or ISO country codes like 'US', 'JP'). */
  regions: readonly string[];
  /** What the service mostly offers, for the landing page copy. */
  content: 'films-and-series' | 'tv-channels' | 'anime' | 'user-videos' | 'music-videos' | 'sport' | 'adult';
  /** Whether the app can save subtitles from this service. */
  subtitles: boolean;
  /** Whether several audio tracks can be saved. */
  multiAudio: boolean;
}

/** The service catalogue, in navigation order: hot, then TV, anime and adult. */
export const SERVICES: readonly Service[] = [
  // Hot: the big services worldwide.
  { slug: 'netflix', name: 'Netflix', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'disney-plus', name: 'Disney+', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'amazon-prime-video', name: 'Prime Video', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'hbo-max', name: 'HBO Max', group: 'hot', maxQuality: '4K', regions: ['US', 'MX', 'BR', 'ES', 'FR', 'PL', 'SE', 'NL'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'hulu', name: 'Hulu', group: 'hot', maxQuality: '4K', regions: ['US'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'apple-tv-plus', name: 'Apple TV+', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'paramount-plus', name: 'Paramount+', group: 'hot', maxQuality: '4K', regions: ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'IT', 'BR'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'peacock', name: 'Peacock', group: 'hot', maxQuality: '1080p', regions: ['US'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'youtube', name: 'YouTube', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'user-videos', subtitles: true, multiAudio: true },
  { slug: 'discovery-plus', name: 'discovery+', group: 'hot', maxQuality: '1080p', regions: ['US', 'GB', 'IE', 'IT'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'starz', name: 'STARZ', group: 'hot', maxQuality: '1080p', regions: ['US'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'rakuten-tv', name: 'Rakuten TV', group: 'hot', maxQuality: '4K', regions: ['ES', 'FR', 'DE', 'IT', 'NL', 'GB'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'viki', name: 'Rakuten Viki', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'iqiyi', name: 'iQIYI', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'wetv', name: 'WeTV', group: 'hot', maxQuality: '1080p', regions: ['TH', 'ID', 'PH', 'MY', 'VN'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'youku', name: 'Youku', group: 'hot', maxQuality: '1080p', regions: ['CN'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'bilibili', name: 'Bilibili', group: 'hot', maxQuality: '1080p', regions: ['CN'], content: 'user-videos', subtitles: true, multiAudio: false },
  { slug: 'vimeo', name: 'Vimeo', group: 'hot', maxQuality: '4K', regions: ['global'], content: 'user-videos', subtitles: true, multiAudio: false },
  { slug: 'dailymotion', name: 'Dailymotion', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'twitch', name: 'Twitch', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'facebook', name: 'Facebook', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'instagram', name: 'Instagram', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'tiktok', name: 'TikTok', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'twitter', name: 'X', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'user-videos', subtitles: false, multiAudio: false },
  { slug: 'dazn', name: 'DAZN', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'sport', subtitles: false, multiAudio: true },
  { slug: 'mubi', name: 'MUBI', group: 'hot', maxQuality: '1080p', regions: ['global'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'tubi', name: 'Tubi', group: 'hot', maxQuality: '1080p', regions: ['US', 'CA', 'MX', 'AU', 'NZ', 'GB'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'pluto-tv', name: 'Pluto TV', group: 'hot', maxQuality: '720p', regions: ['US', 'CA', 'MX', 'BR', 'GB', 'DE', 'FR', 'IT', 'ES'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'kocowa', name: 'KOCOWA+', group: 'hot', maxQuality: '1080p', regions: ['US', 'CA', 'MX', 'BR'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'viu', name: 'Viu', group: 'hot', maxQuality: '1080p', regions: ['HK', 'SG', 'MY', 'ID', 'PH', 'TH'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'hotstar', name: 'JioHotstar', group: 'hot', maxQuality: '4K', regions: ['IN'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'zee5', name: 'ZEE5', group: 'hot', maxQuality: '1080p', regions: ['IN'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'sonyliv', name: 'Sony LIV', group: 'hot', maxQuality: '1080p', regions: ['IN'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'canal-plus', name: 'CANAL+', group: 'hot', maxQuality: '1080p', regions: ['FR'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'joyn', name: 'Joyn', group: 'hot', maxQuality: '1080p', regions: ['DE', 'AT', 'CH'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'rtl-plus', name: 'RTL+', group: 'hot', maxQuality: '1080p', regions: ['DE'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'videoland', name: 'Videoland', group: 'hot', maxQuality: '1080p', regions: ['NL'], content: 'films-and-series', subtitles: true, multiAudio: false },
  { slug: 'movistar-plus', name: 'Movistar Plus+', group: 'hot', maxQuality: '1080p', regions: ['ES'], content: 'films-and-series', subtitles: true, multiAudio: true },
  // TV: broadcasters and TV-channel streaming services.
  { slug: 'bbc-iplayer', name: 'BBC iPlayer', group: 'tv', maxQuality: '1080p', regions: ['GB'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'itvx', name: 'ITVX', group: 'tv', maxQuality: '1080p', regions: ['GB'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'channel-4', name: 'Channel 4', group: 'tv', maxQuality: '720p', regions: ['GB'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'my5', name: 'My5', group: 'tv', maxQuality: '720p', regions: ['GB'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'abc-iview', name: 'ABC iview', group: 'tv', maxQuality: '1080p', regions: ['AU'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'sbs-on-demand', name: 'SBS On Demand', group: 'tv', maxQuality: '1080p', regions: ['AU'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: '9now', name: '9Now', group: 'tv', maxQuality: '720p', regions: ['AU'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: '7plus', name: '7plus', group: 'tv', maxQuality: '720p', regions: ['AU'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'tvnz-plus', name: 'TVNZ+', group: 'tv', maxQuality: '1080p', regions: ['NZ'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'cbc-gem', name: 'CBC Gem', group: 'tv', maxQuality: '1080p', regions: ['CA'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'pbs', name: 'PBS', group: 'tv', maxQuality: '1080p', regions: ['US'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'tver', name: 'TVer', group: 'tv', maxQuality: '720p', regions: ['JP'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'abema', name: 'ABEMA', group: 'tv', maxQuality: '1080p', regions: ['JP'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'u-next', name: 'U-NEXT', group: 'tv', maxQuality: '4K', regions: ['JP'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'hulu-jp', name: 'Hulu Japan', group: 'tv', maxQuality: '1080p', regions: ['JP'], content: 'films-and-series', subtitles: true, multiAudio: true },
  { slug: 'fod', name: 'FOD', group: 'tv', maxQuality: '1080p', regions: ['JP'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'tving', name: 'TVING', group: 'tv', maxQuality: '1080p', regions: ['KR'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'wavve', name: 'Wavve', group: 'tv', maxQuality: '1080p', regions: ['KR'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'mango-tv', name: 'Mango TV', group: 'tv', maxQuality: '1080p', regions: ['CN'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'mytv-super', name: 'myTV SUPER', group: 'tv', maxQuality: '1080p', regions: ['HK'], content: 'tv-channels', subtitles: true, multiAudio: true },
  { slug: 'tf1-plus', name: 'TF1+', group: 'tv', maxQuality: '1080p', regions: ['FR'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'france-tv', name: 'france.tv', group: 'tv', maxQuality: '1080p', regions: ['FR'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'arte', name: 'ARTE', group: 'tv', maxQuality: '1080p', regions: ['FR', 'DE'], content: 'tv-channels', subtitles: true, multiAudio: true },
  { slug: 'ard-mediathek', name: 'ARD Mediathek', group: 'tv', maxQuality: '1080p', regions: ['DE'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'zdf', name: 'ZDF', group: 'tv', maxQuality: '1080p', regions: ['DE'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'orf-on', name: 'ORF ON', group: 'tv', maxQuality: '1080p', regions: ['AT'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'raiplay', name: 'RaiPlay', group: 'tv', maxQuality: '1080p', regions: ['IT'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'mediaset-infinity', name: 'Mediaset Infinity', group: 'tv', maxQuality: '1080p', regions: ['IT'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'rtve-play', name: 'RTVE Play', group: 'tv', maxQuality: '1080p', regions: ['ES'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'atresplayer', name: 'atresplayer', group: 'tv', maxQuality: '1080p', regions: ['ES'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'rtp-play', name: 'RTP Play', group: 'tv', maxQuality: '720p', regions: ['PT'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'rte-player', name: 'RTÉ Player', group: 'tv', maxQuality: '1080p', regions: ['IE'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'npo-start', name: 'NPO Start', group: 'tv', maxQuality: '1080p', regions: ['NL'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'vrt-max', name: 'VRT MAX', group: 'tv', maxQuality: '1080p', regions: ['BE'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'nrk-tv', name: 'NRK TV', group: 'tv', maxQuality: '1080p', regions: ['NO'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'svt-play', name: 'SVT Play', group: 'tv', maxQuality: '1080p', regions: ['SE'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'dr-tv', name: 'DRTV', group: 'tv', maxQuality: '1080p', regions: ['DK'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'yle-areena', name: 'Yle Areena', group: 'tv', maxQuality: '1080p', regions: ['FI'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'tvp-vod', name: 'TVP VOD', group: 'tv', maxQuality: '1080p', regions: ['PL'], content: 'tv-channels', subtitles: true, multiAudio: false },
  { slug: 'globoplay', name: 'Globoplay', group: 'tv', maxQuality: '1080p', regions: ['BR'], content: 'films-and-series', subtitles: true, multiAudio: false },
  // Anime streaming services.
  { slug: 'crunchyroll', name: 'Crunchyroll', group: 'anime', maxQuality: '1080p', regions: ['global'], content: 'anime', subtitles: true, multiAudio: true },
  { slug: 'hidive', name: 'HIDIVE', group: 'anime', maxQuality: '1080p', regions: ['US', 'CA', 'GB', 'IE', 'AU', 'NZ'], content: 'anime', subtitles: true, multiAudio: true },
  { slug: 'adn', name: 'Anime Digital Network', group: 'anime', maxQuality: '1080p', regions: ['FR', 'BE', 'CH', 'LU', 'DE', 'AT'], content: 'anime', subtitles: true, multiAudio: true },
  { slug: 'anime-onegai', name: 'Anime Onegai', group: 'anime', maxQuality: '1080p', regions: ['MX', 'BR', 'AR', 'CL', 'CO', 'PE'], content: 'anime', subtitles: true, multiAudio: true },
  { slug: 'retrocrush', name: 'RetroCrush', group: 'anime', maxQuality: '1080p', regions: ['US', 'CA'], content: 'anime', subtitles: true, multiAudio: true },
  { slug: 'muse-asia', name: 'Muse Asia', group: 'anime', maxQuality: '1080p', regions: ['TW', 'HK', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'ani-one', name: 'Ani-One Asia', group: 'anime', maxQuality: '1080p', regions: ['HK', 'TW', 'SG', 'MY', 'TH', 'ID', 'PH'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'bahamut-anime', name: 'Bahamut Anime Crazy', group: 'anime', maxQuality: '1080p', regions: ['TW'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'pops', name: 'POPS', group: 'anime', maxQuality: '1080p', regions: ['VN'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'laftel', name: 'Laftel', group: 'anime', maxQuality: '1080p', regions: ['KR'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'd-anime-store', name: 'd Anime Store', group: 'anime', maxQuality: '1080p', regions: ['JP'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'dmm-tv', name: 'DMM TV', group: 'anime', maxQuality: '1080p', regions: ['JP'], content: 'anime', subtitles: true, multiAudio: false },
  { slug: 'bandai-channel', name: 'Bandai Channel', group: 'anime', maxQuality: '1080p', regions: ['JP'], content: 'anime', subtitles: false, multiAudio: false },
  { slug: 'niconico', name: 'Niconico', group: 'anime', maxQuality: '1080p', regions: ['JP'], content: 'user-videos', subtitles: false, multiAudio: false },
  // Adult video sites.
  { slug: 'onlyfans', name: 'OnlyFans', group: 'adult', maxQuality: '1080p', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
  { slug: 'pornhub', name: 'Pornhub', group: 'adult', maxQuality: '4K', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
  { slug: 'xvideos', name: 'XVideos', group: 'adult', maxQuality: '1080p', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
  { slug: 'xhamster', name: 'xHamster', group: 'adult', maxQuality: '1080p', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
  { slug: 'fansly', name: 'Fansly', group: 'adult', maxQuality: '1080p', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
  { slug: 'chaturbate', name: 'Chaturbate', group: 'adult', maxQuality: '1080p', regions: ['global'], content: 'adult', subtitles: false, multiAudio: false },
];

/** Finds a service by its slug. */
export function findService(slug: string): Service | undefined {
  return SERVICES.find((service) => service.slug === slug);
}

/** The services of one navigation group, in catalogue order. */
export function listServicesByGroup(group: ServiceGroup): Service[] {
  return SERVICES.filter((service) => service.group === group);
}
