import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '@reelkeep/shared-contracts';

/**
 * The checkout's forms show a refusal as `errors.<code>` of the checkout namespace. Besides its own codes, the
 * host may answer any checkout call with these (docs/operations.md "When PostgreSQL is down", docs/releases.md
 * "Isolation"): each needs a text in every locale, or the visitor would read the key.
 */
const HOST_CODES = ['api_unavailable', 'rate_limited', 'invalid_input', 'network', 'generic'];
const LOCALES_DIR = path.resolve(import.meta.dirname, '..', '..', 'locales');

describe('checkout error texts', () => {
  it.each(LOCALES)('%s has a text for every refusal the host may give', async (locale) => {
    const checkout = JSON.parse(await readFile(path.join(LOCALES_DIR, locale, 'checkout.json'), 'utf8')) as { errors: Record<string, string> };
    for (const code of HOST_CODES) expect([code, typeof checkout.errors[code]]).toEqual([code, 'string']);
  });
});
