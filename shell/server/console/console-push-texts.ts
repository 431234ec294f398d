import type { Locale } from '@reelkeep/shared-contracts';

/** The names of the languages and systems (keys written out, so the translation check sees each). */
export const LOCALE_NAME_KEYS = {
  en: 'push.locales.en',
  fr: 'push.locales.fr',
  zh: 'push.locales.zh',
  ja: 'push.locales.ja',
  de: 'push.locales.de',
  es: 'push.locales.es',
  pt: 'push.locales.pt',
  it: 'push.locales.it',
} as const satisfies Record<Locale, string>;
export const OS_NAME_KEYS = { win: 'push.os.win', mac: 'push.os.mac', other: 'push.os.other' } as const;
