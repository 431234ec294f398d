import { describe, expect, it } from '@jest/globals';
import { carriesAuthCookie, describeEdgeVariant, listVariantExperiments } from './edge-variant.ts';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const WINDOWS_32 = 'Mozilla/5.0 (Windows NT 10.0)';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

describe('describeEdgeVariant', () => {
  it.each([
    ['no cookie, no user agent', {}, 'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-'],
    ['a 64-bit Windows', { 'user-agent': WINDOWS }, 'os=win64;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-'],
    ['a 32-bit Windows', { 'user-agent': WINDOWS_32 }, 'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-'],
    ['a Mac', { 'user-agent': MAC }, 'os=mac64;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-'],
    ['an iPhone, which names Mac OS X', { 'user-agent': IPHONE }, 'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-'],
    [
      'every variant cookie, among others',
      { cookie: 'rk_consent=denied; abPlanPrice=price_b; sidebarAB=a; resourceBannerAB=b; rk_campaign_closed=1' },
      'os=win32;banner=closed;abPlanPrice=price_b;resourceBannerAB=b;sidebarAB=a',
    ],
    [
      'a returning visitor of the price experiment',
      { cookie: 'abPlanPrice=old' },
      'os=win32;banner=open;abPlanPrice=old;resourceBannerAB=-;sidebarAB=-',
    ],
    [
      'values that are no variant',
      { cookie: 'abPlanPrice=new; sidebarAB=old; rk_campaign_closed=yes' },
      'os=win32;banner=open;abPlanPrice=other;resourceBannerAB=-;sidebarAB=other',
    ],
    [
      'the stable cohort of a canary',
      { cookie: 'rk_cohort=AbCdEfGhIjKlMnOp.-' },
      'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-',
    ],
    [
      "a canary's cohort",
      { cookie: 'rk_cohort=AbCdEfGhIjKlMnOp.mf-blog@0.2.0-b+mf-landing@0.1.0-abc' },
      'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-;cohort=mf-blog@0.2.0-b+mf-landing@0.1.0-abc',
    ],
    [
      'a cohort cookie this site never wrote',
      { cookie: 'rk_cohort=x.evil' },
      'os=win32;banner=open;abPlanPrice=-;resourceBannerAB=-;sidebarAB=-;cohort=other',
    ],
  ])('%s', (_name, headers, expected) => {
    expect(describeEdgeVariant(headers)).toBe(expected);
  });

  it('covers the open experiments whose variant the HTML shows, and the price experiment', () => {
    expect(listVariantExperiments().map((experiment) => experiment.cookie)).toEqual(['abPlanPrice', 'resourceBannerAB', 'sidebarAB']);
  });
});

describe('carriesAuthCookie', () => {
  it.each([
    [undefined, false],
    ['abPlanPrice=price_a', false],
    ['rk.session_token=abc', true],
    ['a=1; __Secure-rk.session_token=abc', true],
    ['rk.session_data=x', true],
    ['rk_consent=denied; rk_campaign_closed=1', false],
  ])('%s → %s', (cookie, expected) => {
    expect(carriesAuthCookie(cookie)).toBe(expected);
  });
});
