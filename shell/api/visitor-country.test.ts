import { describe, expect, it } from '@jest/globals';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import siteApi from './api.ts';
import { createVisitorCountryRoutes, decideCountryCookies } from './visitor-country.ts';

describe('spec: the country / country_type cookies, from the country the edge names', () => {
  it.each([
    ['DE', { country: 'DE', country_type: 'eu' }],
    ['gb', { country: 'GB', country_type: 'eu' }],
    [' ch ', { country: 'CH', country_type: 'eu' }],
    ['US', { country: 'US', country_type: 'other' }],
    ['JP', { country: 'JP', country_type: 'other' }],
    ['XX', null],
    ['T1', null],
    ['DEU', null],
    ['', null],
    [null, null],
  ])('%j → %o', (code, cookies) => {
    expect(decideCountryCookies(code)).toEqual(cookies);
  });

  const [route] = createVisitorCountryRoutes();
  const ask = (env: Record<string, string>, headers: Record<string, string>) =>
    route!.handle(
      new Request('http://localhost/api/site/visitor-country', { headers }),
      createTestHostContext(null as never, { module: siteApi, env }),
    );

  it('writes both cookies for a day from COUNTRY_HEADER, never to be kept by a cache', async () => {
    const answer = await ask({ COUNTRY_HEADER: 'CF-IPCountry' }, { 'cf-ipcountry': 'FR' });
    expect(await answer.json()).toEqual({ cscode: 200, country: 'FR', country_type: 'eu' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.getSetCookie()).toEqual([
      'country=FR; Path=/; Max-Age=86400; SameSite=Lax',
      'country_type=eu; Path=/; Max-Age=86400; SameSite=Lax',
    ]);
  });

  it.each([
    ['no COUNTRY_HEADER is configured', {}, { 'cf-ipcountry': 'FR' }],
    ['the edge names no country', { COUNTRY_HEADER: 'cf-ipcountry' }, {}],
    ['the edge names an unknown one', { COUNTRY_HEADER: 'cf-ipcountry' }, { 'cf-ipcountry': 'XX' }],
  ])('writes nothing when %s', async (_case, env, headers) => {
    const answer = await ask(env, headers);
    expect(await answer.json()).toEqual({ cscode: 200, country: null, country_type: null });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
