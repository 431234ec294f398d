import { Tokenizer, type MarkedExtension } from 'marked';

/**
 * The longest start of `text` made only of characters a URL holds as written (RFC 3986 section 2: unreserved,
 * reserved and `%` of percent-encoding). Any other character ends a URL: a space, a quote or `<`, and the
 * letters and full-width punctuation of Chinese and Japanese, which put no space after a URL.
 */
export function cutAtUrlEnd(text: string): string {
  return /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*/.exec(text)![0];
}

/**
 * marked's GFM autolink of a bare address (`https://…`, `www.…`, `name@host`) ending where the URL ends
 * (docs/locales.md "Bare addresses") instead of at the next space: marked's own rule, trailing punctuation
 * and all, applied to the address cut at its first character that cannot be part of a URL.
 */
export const URL_AUTOLINK: MarkedExtension = {
  tokenizer: {
    url(src) {
      return Tokenizer.prototype.url.call(this, cutAtUrlEnd(src));
    },
  },
};
