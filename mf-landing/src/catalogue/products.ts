/** A product of the catalogue (decisions.md "Product and brand"). */
export interface Product {
  /** Key in URLs (`/thanks-for-installing-{slug}`) and in the plan table (`aio` is the all-in-one app). */
  slug: string;
  key: string;
  /** Display name on Windows; the Mac name adds "for Mac". */
  name: string;
  hasMac: boolean;
}

/** The products the site sells and supports installing. */
export const PRODUCTS: readonly Product[] = [
  { slug: 'reelkeep', key: 'aio', name: 'ReelKeep', hasMac: true },
  { slug: 'reelkeep-netflix', key: 'netflix', name: 'ReelKeep Netflix Downloader', hasMac: true },
  { slug: 'reelkeep-disney-plus', key: 'disney-plus', name: 'ReelKeep Disney+ Downloader', hasMac: true },
  { slug: 'reelkeep-prime-video', key: 'prime-video', name: 'ReelKeep Prime Video Downloader', hasMac: true },
  { slug: 'reelkeep-onlyfans', key: 'onlyfans', name: 'ReelKeep OnlyFans Downloader', hasMac: false },
  { slug: 'reelkeep-pornhub', key: 'pornhub', name: 'ReelKeep Pornhub Downloader', hasMac: false },
  { slug: 'reelkeep-pluto-tv', key: 'pluto-tv', name: 'ReelKeep Pluto TV Downloader', hasMac: false },
];

/** Finds a product by its URL slug. */
export function findProduct(slug: string): Product | undefined {
  return PRODUCTS.find((product) => product.slug === slug);
}
