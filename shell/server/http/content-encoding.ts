import Negotiator from 'negotiator';

/** The content codings the site answers in. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** negotiator 1.x takes the server's own order as `preferred` (its @types still describe 0.6, without it). */
interface EncodingNegotiator {
  encoding(available: string[], options: { preferred: string[] }): string | undefined;
}

/** Ours, best first: breaks ties between codings the client rates the same. */
const ENCODING_PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip', 'identity'];

/**
 * The one choice of a response's content coding for every answer of the site (rendered pages, stored pages,
 * static files): the coding among `available` the client's `Accept-Encoding`
 * rates highest, by q-value (RFC 9110 §12.5.3, `negotiator`), ours first on a tie. `q=0` refuses a coding, `*`
 * rates every coding it does not name, an absent header gets identity. When the client refuses every coding we
 * have (`identity;q=0` alone), the answer goes out in identity, which every client reads (no 406).
 */
export function negotiateEncoding(
  acceptEncoding: string | readonly string[] | undefined,
  available: readonly ContentEncoding[] = ENCODING_PREFERENCE,
): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : (acceptEncoding as string | undefined);
  const negotiator: EncodingNegotiator = new Negotiator({ headers: header === undefined ? {} : { 'accept-encoding': header } });
  const chosen = negotiator.encoding([...available], { preferred: [...ENCODING_PREFERENCE] });
  return (available as readonly string[]).includes(chosen ?? '') ? (chosen as ContentEncoding) : 'identity';
}
