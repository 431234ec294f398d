import { describe, expect, it } from '@jest/globals';
import { decorateOutboundUrl, isOutboundDomain } from './outbound-links.ts';

const pageUrl = new URL('https://www.reelkeep.com/fr/netflix-downloader');
const domains = ['reelkeep-help.com', 'partner.example'];

describe('outbound links (docs/tracking.md "Outbound links")', () => {
  it.each([
    ['reelkeep-help.com', true],
    ['docs.reelkeep-help.com', true],
    ['REELKEEP-HELP.COM', true],
    ['evilreelkeep-help.com', false],
    ['reelkeep-help.com.evil.example', false],
    ['example.com', false],
  ])('%p is a configured domain: %p', (host, expected) => {
    expect(isOutboundDomain(host, domains)).toBe(expected);
  });

  it.each([
    [
      'with consent: visitor, session and source',
      'https://docs.reelkeep-help.com/start?lang=fr',
      { visitorId: 'guid-1234', sessionId: 'sid-5678' },
      'https://docs.reelkeep-help.com/start?lang=fr&_cut_=guid-1234&_cus_=sid-5678&_csrc_=%2Ffr%2Fnetflix-downloader',
    ],
    ['without consent: the source only', 'https://partner.example/', {}, 'https://partner.example/?_csrc_=%2Ffr%2Fnetflix-downloader'],
    [
      'replaces stale parameters of a link decorated before',
      'https://partner.example/?_cut_=old&_cus_=old&_csrc_=old',
      {},
      'https://partner.example/?_csrc_=%2Ffr%2Fnetflix-downloader',
    ],
    ['leaves another site alone', 'https://example.com/', { visitorId: 'guid-1234' }, null],
    ['leaves this site alone', '/fr/checkout', { visitorId: 'guid-1234' }, null],
    ['leaves a mail link alone', 'mailto:help@reelkeep-help.com', {}, null],
  ])('%s', (_name, href, ids, expected) => {
    expect(decorateOutboundUrl(href, { pageUrl, domains, source: '/fr/netflix-downloader', ...ids })).toBe(expected);
  });
});
