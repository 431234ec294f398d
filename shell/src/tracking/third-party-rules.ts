/** docs/tracking.md "Third parties": a third party runs only when configured, with consent, and never under Global Privacy Control. */
export function isThirdPartyAllowed(input: {
  configured: boolean;
  consent: 'granted' | 'denied' | 'unknown';
  globalPrivacyControl: boolean;
}): boolean {
  return input.configured && input.consent === 'granted' && !input.globalPrivacyControl;
}

const DAY_S = 86_400;
/** `_FID`: the fingerprint first seen on this browser, 30 days. */
export const FINGERPRINT_MAX_AGE_S = 30 * DAY_S;
/** `_DID`: today's fingerprint of the device, 1 day. */
export const DEVICE_MAX_AGE_S = DAY_S;
const FINGERPRINT = /^[\w-]{8,64}$/;

/**
 * The fingerprint cookies to write for a freshly computed fingerprint: `_DID` always holds today's, `_FID`
 * keeps the first one for 30 days (a changed `_DID` beside it tells the device's fingerprint changed).
 */
export function decideFingerprintCookies(
  current: { fid?: string | undefined },
  fingerprint: string,
): { name: 'FID' | 'DID'; value: string; maxAgeS: number }[] {
  if (!FINGERPRINT.test(fingerprint)) return [];
  const writes: { name: 'FID' | 'DID'; value: string; maxAgeS: number }[] = [{ name: 'DID', value: fingerprint, maxAgeS: DEVICE_MAX_AGE_S }];
  if (!current.fid || !FINGERPRINT.test(current.fid)) writes.unshift({ name: 'FID', value: fingerprint, maxAgeS: FINGERPRINT_MAX_AGE_S });
  return writes;
}
