import {
  ATTRIBUTION_COOKIE_LIFETIMES_S,
  ATTRIBUTION_PARAMETERS,
  ATTRIBUTION_VALUE,
  FIRST_TOUCH_COOKIE,
  readCookie,
  serialiseCookie,
} from '@reelkeep/shared-contracts';

/** A tester's `test_ip`: an IPv4 or IPv6 address as text. */
const TEST_ADDRESS = /^[0-9a-fA-F.:]{3,45}$/;

/**
 * docs/experiments.md "Affiliates and ads": the cookies an arrival's query sets. `af`, `ad` and `ad1` are the
 * last touch, written on every arrival that names them (`affiliate` 30 days, `ad` and `ad1` 180 days); the
 * first arrival that names any of them is also kept in `rk_first_touch` (180 days), never overwritten.
 * `test_ip` is kept a day. Values off their format are ignored. All HttpOnly: the server reads them.
 */
export function collectAttributionCookies(input: { cookieHeader: string | undefined; query: URLSearchParams; secure: boolean }): string[] {
  const cookies: string[] = [];
  const write = (name: keyof typeof ATTRIBUTION_COOKIE_LIFETIMES_S, value: string) =>
    cookies.push(serialiseCookie(name, value, { secure: input.secure, httpOnly: true, maxAgeS: ATTRIBUTION_COOKIE_LIFETIMES_S[name] }));
  const touch = new URLSearchParams();
  for (const [parameter, cookie] of Object.entries(ATTRIBUTION_PARAMETERS)) {
    const value = input.query.get(parameter);
    if (value === null || !ATTRIBUTION_VALUE.test(value)) continue;
    touch.set(parameter, value);
    if (readCookie(input.cookieHeader, cookie) !== value) write(cookie, value);
  }
  if (touch.size > 0 && readCookie(input.cookieHeader, FIRST_TOUCH_COOKIE) === undefined) write(FIRST_TOUCH_COOKIE, touch.toString());
  const testAddress = input.query.get('test_ip');
  if (testAddress !== null && TEST_ADDRESS.test(testAddress) && readCookie(input.cookieHeader, 'test_ip') !== testAddress)
    write('test_ip', testAddress);
  return cookies;
}
