/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readTrackerPageContext } from './page-context.ts';

const withState = (text: string) => {
  document.body.innerHTML = `<script id="__RK_STATE__" type="application/json"></script>`;
  document.getElementById('__RK_STATE__')!.textContent = text;
};
afterEach(() => {
  document.body.innerHTML = '';
});

describe('readTrackerPageContext', () => {
  it('reads the configured third parties and the assigned variants from the hydration state', () => {
    withState(
      JSON.stringify({
        locale: 'fr',
        store: { ab: { values: { abPlanPrice: 'price_b' } }, locale: {} },
        tracking: { outboundDomains: ['partner.example'], tagAnalyticsUrl: 'https://tags.example/gtag/js?id=G-1', fingerprint: true },
      }),
    );
    expect(readTrackerPageContext(document)).toEqual({
      settings: { outboundDomains: ['partner.example'], tagAnalyticsUrl: 'https://tags.example/gtag/js?id=G-1', fingerprint: true },
      abValues: { abPlanPrice: 'price_b' },
    });
  });

  it.each([
    ['nothing configured', JSON.stringify({ store: { ab: { values: {} } } })],
    ['a state that is not JSON', '{oops'],
    ['a state of another shape', JSON.stringify({ store: { ab: { values: { abPlanPrice: 7 } } }, tracking: { fingerprint: 'yes' } })],
    ['variants that are not text', JSON.stringify({ store: { ab: { values: { abPlanPrice: 7 } } } })],
    ['settings of another shape', JSON.stringify({ store: { ab: { values: {} } }, tracking: { outboundDomains: 'partner.example' } })],
    ['a list of variants', JSON.stringify({ store: { ab: { values: ['price_b'] } } })],
    ['a state that is null', 'null'],
  ])('turns everything off for %s', (_name, text) => {
    withState(text);
    expect(readTrackerPageContext(document)).toEqual({ settings: {}, abValues: {} });
  });

  it('turns everything off without a state', () => {
    expect(readTrackerPageContext(document)).toEqual({ settings: {}, abValues: {} });
  });
});
