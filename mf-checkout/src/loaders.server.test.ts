import { describe, expect, it } from '@jest/globals';
import type { LoaderContext, OfferDto } from '@reelkeep/shared-contracts';
import { loadCheckoutPage } from './loaders.server.ts';

const OFFER: OfferDto = {
  product: { key: 'aio', name: 'ReelKeep', macName: 'ReelKeep for Mac', hasMac: true },
  plans: { win: [], mac: null },
  coupons: [],
  campaign: null,
  provider: { kind: 'sandbox' },
};

/** The loader against a stand-in API that records what it was asked. */
async function load(search: string) {
  const asked: string[] = [];
  const answer = async (path: string) => {
    asked.push(path);
    return path.startsWith('/api/checkout/offer') ? Response.json(OFFER) : Response.json({ cscode: 404, error: 'order_unknown' }, { status: 404 });
  };
  const context: LoaderContext = {
    route: 'checkout',
    locale: 'en',
    params: {},
    pageName: 'checkout',
    url: new URL(`http://site.test/checkout${search}`),
    fetchApi: answer,
    fetchAsVisitor: answer,
  };
  return { data: await loadCheckoutPage(context), asked };
}

describe('the checkout page loader', () => {
  it('passes link values the offer API reads on to it', async () => {
    const { asked } = await load('?product=netflix&start_time=20210101000000&ac_endtime=20291231000000&ac_source=email');
    expect(asked).toEqual(['/api/checkout/offer?product=netflix&ac_endtime=20291231000000&ac_source=email&start_time=20210101000000']);
  });

  it.each([
    ['a preview moment past year 9999', '?start_time=99999999999999'],
    ['a personal deadline in month 13', '?ac_endtime=20261301000000'],
    ['a product key with a control character', '?product=aio%1b'],
  ])('leaves out %s, so the page still renders (docs/commerce.md "Campaign links")', async (_case, search) => {
    const { data, asked } = await load(search);
    expect(asked).toEqual(['/api/checkout/offer?']);
    expect(data).toMatchObject({ offer: OFFER, order: null });
  });

  it('asks for the order of a return only with an order id', async () => {
    expect((await load('?tid=ord_AAAAAAAAAAAAAAAAAAAAAA')).asked).toContain('/api/checkout/orders/ord_AAAAAAAAAAAAAAAAAAAAAA');
    expect((await load('?tid=../admin/refund')).asked).toHaveLength(1);
  });
});
