import { OPTION_IDS } from '@reelkeep/shared-contracts';

/** A product of the catalogue (docs/commerce.md "Products"). */
export interface Product {
  /** Key in URLs (`/thanks-for-installing-{slug}`). */
  slug: string;
  /** Key of the plan table (`aio` is the all-in-one app) and of the service it downloads from. */
  key: string;
  /** Display name on Windows; the Mac name adds "for Mac" (docs/commerce.md "Products"). */
  name: string;
  /** Installer file names (the download link's `p`: docs/routing.md "Server paths"). Null: no build for that OS. */
  installers: { win: string; mac: string | null };
  /** Current app version per OS (`/product/info`: docs/routing.md "Server paths"). */
  softVersion: { win: string; mac: string | null };
  /** Product id reported by `/product/info` and the download report. */
  productId: number;
}

/** The products the site sells and supports installing; three have no Mac build (docs/commerce.md "Products"). */
export const PRODUCTS: readonly Product[] = [
  {
    slug: 'reelkeep',
    key: 'aio',
    name: 'ReelKeep',
    productId: 1001,
    installers: { win: 'reelkeep-setup.exe', mac: 'reelkeep.dmg' },
    softVersion: { win: '3.8.2', mac: '3.8.1' },
  },
  {
    slug: 'reelkeep-netflix',
    key: 'netflix',
    name: 'ReelKeep Netflix Downloader',
    productId: 1101,
    installers: { win: 'reelkeep-netflix-setup.exe', mac: 'reelkeep-netflix.dmg' },
    softVersion: { win: '2.4.0', mac: '2.4.0' },
  },
  {
    slug: 'reelkeep-disney-plus',
    key: 'disney-plus',
    name: 'ReelKeep Disney+ Downloader',
    productId: 1102,
    installers: { win: 'reelkeep-disney-plus-setup.exe', mac: 'reelkeep-disney-plus.dmg' },
    softVersion: { win: '2.3.5', mac: '2.3.4' },
  },
  {
    slug: 'reelkeep-prime-video',
    key: 'amazon-prime-video',
    name: 'ReelKeep Prime Video Downloader',
    productId: 1103,
    installers: { win: 'reelkeep-prime-video-setup.exe', mac: 'reelkeep-prime-video.dmg' },
    softVersion: { win: '2.3.1', mac: '2.3.1' },
  },
  {
    slug: 'reelkeep-onlyfans',
    key: 'onlyfans',
    name: 'ReelKeep OnlyFans Downloader',
    productId: 1201,
    installers: { win: 'reelkeep-onlyfans-setup.exe', mac: null },
    softVersion: { win: '1.6.3', mac: null },
  },
  {
    slug: 'reelkeep-pornhub',
    key: 'pornhub',
    name: 'ReelKeep Pornhub Downloader',
    productId: 1202,
    installers: { win: 'reelkeep-pornhub-setup.exe', mac: null },
    softVersion: { win: '1.5.9', mac: null },
  },
  {
    slug: 'reelkeep-pluto-tv',
    key: 'pluto-tv',
    name: 'ReelKeep Pluto TV Downloader',
    productId: 1203,
    installers: { win: 'reelkeep-pluto-tv-setup.exe', mac: null },
    softVersion: { win: '1.2.0', mac: null },
  },
];

/** The all-in-one product every page falls back to. */
export const AIO_PRODUCT: Product = PRODUCTS[0]!;

/** Finds a product by its URL slug. */
export function findProduct(slug: string): Product | undefined {
  return PRODUCTS.find((product) => product.slug === slug);
}

/** docs/commerce.md "Products": a service page promotes the product made for it when one exists, else the all-in-one app. */
export function findProductForService(serviceSlug: string): Product {
  return PRODUCTS.find((product) => product.key === serviceSlug) ?? AIO_PRODUCT;
}

/** Finds the product an installer belongs to, and its OS. */
export function findInstaller(installer: string): { product: Product; os: 'win' | 'mac' } | undefined {
  for (const product of PRODUCTS) {
    if (product.installers.win === installer) return { product, os: 'win' };
    if (product.installers.mac === installer) return { product, os: 'mac' };
  }
  return undefined;
}

/**
 * What identifies an installed build (the spec's download report and the tracker's `install` data:
 * docs/tracking.md "Downloads"): the installer's package id, the app id the desktop build reports, and the
 * product id. Both ids follow from the product key and the OS, so a new product needs no further data:
 * `com.reelkeep.<key>.<os>` and `<key>-<os>`.
 */
export interface InstallIds {
  packageName: string;
  appId: string;
  pid: number;
}

/** The install ids of a product's build for an OS. */
export function describeInstall(product: Product, os: 'win' | 'mac'): InstallIds {
  return { packageName: `com.reelkeep.${product.key}.${os}`, appId: `${product.key}-${os}`, pid: product.productId };
}

/**
 * The installers a page offers, with the build each installs (the download links' `install` data): what a loader
 * hands its page, so the browser never needs the catalogue.
 */
export function toInstallers(product: Product): { win: string; mac: string | null; ids: { win: InstallIds; mac: InstallIds | null } } {
  return {
    ...product.installers,
    ids: { win: describeInstall(product, 'win'), mac: product.installers.mac === null ? null : describeInstall(product, 'mac') },
  };
}

/**
 * The product a `/product/info` id names: a product id, or an option id of the plan table (the Windows and
 * Mac options, 10721 and 10781, are the all-in-one app's: the desktop app asks with them).
 */
export function findProductById(productId: number): Product | undefined {
  if ((Object.values(OPTION_IDS) as number[]).includes(productId)) return AIO_PRODUCT;
  return PRODUCTS.find((product) => product.productId === productId);
}
