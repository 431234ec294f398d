import { describe, expect, it } from '@jest/globals';
import type { LoaderContext, OfferDto, OrderDto } from '@reelkeep/shared-contracts';
import { loadCheckoutPage, readLinkChoice, readLinkEmail } from './loaders.server.ts';

const OFFER: OfferDto = {
  product: { key: 'aio', name: 'ReelKeep', macName: 'ReelKeep for Mac', hasMac: true },
  plans: { win: [], mac: null },
  coupons: [],
  campaign: null,
  provider: { kind: 'sandbox' },
};

const ORDER_ID = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
const ORDER: OrderDto = {
  id: ORDER_ID,
  status: 'paid',
  product: 'aio',
  pid: '107211Y',
  os: 'win',
  planType: '1Y',
  variant: 'old',
  couponCode: null,
  originCents: 12990,
  priceCents: 8990,
  discountCents: 0,
  amountCents: 8990,
  currency: 'USD',
  email: 'buyer@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: '2026-01-01T00:01:00.000Z',
  failureCode: null,
  licence: null,
};
const REEL20 = { code: 'REEL20', text: '$20 off', discountCents: 2000, allowedTypes: [], minPriceCents: 7990 };

/** A stand-in API: the offer, the coupon check and the order as the real one answers them, unless a test says otherwise. */
const API: Record<string, (init?: RequestInit) => Response> = {
  '/api/checkout/offer': () => Response.json(OFFER),
  '/api/checkout/coupon': (init) =>
    JSON.parse(String(init?.body)).code === 'REEL20'
      ? Response.json({ cscode: 200, coupon: REEL20 })
      : Response.json({ cscode: 400, error: 'coupon_unknown' }, { status: 400 }),
  [`/api/checkout/orders/${ORDER_ID}`]: () => Response.json({ cscode: 200, order: ORDER }),
};

/** The loader against a stand-in API that records what it was asked. */
async function load(search: string, answers: Record<string, (init?: RequestInit) => Response> = API) {
  const asked: string[] = [];
  const answer = async (path: string, init?: RequestInit) => {
    asked.push(init?.body ? `${path} ${String(init.body)}` : path);
    const route = answers[path.split('?')[0]!];
    return route ? route(init) : Response.json({ cscode: 404, error: 'order_unknown' }, { status: 404 });
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
  it('passes link values the offer API reads on to it, with the page locale for the campaign name', async () => {
    const { asked } = await load('?product=netflix&start_time=20210101000000&ac_endtime=20291231000000&ac_source=email');
    expect(asked).toEqual(['/api/checkout/offer?product=netflix&ac_endtime=20291231000000&ac_source=email&start_time=20210101000000&locale=en']);
  });

  it.each([
    ['a preview moment past year 9999', '?start_time=99999999999999'],
    ['a personal deadline in month 13', '?ac_endtime=20261301000000'],
    ['a product key with a control character', '?product=aio%1b'],
  ])('leaves out %s, so the page still renders (docs/commerce.md "Campaign links")', async (_case, search) => {
    const { data, asked } = await load(search);
    expect(asked).toEqual(['/api/checkout/offer?locale=en']);
    expect(data).toMatchObject({ offer: OFFER, order: null });
  });

  it('asks for the order of a return only with an order id', async () => {
    expect((await load('?tid=ord_AAAAAAAAAAAAAAAAAAAAAA')).asked).toContain('/api/checkout/orders/ord_AAAAAAAAAAAAAAAAAAAAAA');
    expect((await load('?tid=../admin/refund')).asked).toHaveLength(1);
  });

  it('reads the order of a return, and nothing from an answer that is not one', async () => {
    expect((await load(`?tid=${ORDER_ID}`)).data).toMatchObject({ order: ORDER });
    const notAnOrder = { ...API, [`/api/checkout/orders/${ORDER_ID}`]: () => Response.json({ cscode: 200, order: { id: ORDER_ID } }) };
    expect((await load(`?tid=${ORDER_ID}`, notAnOrder)).data).toMatchObject({ order: null });
  });

  it("checks a link's coupon for the plan the link chose, and keeps the refusal's code", async () => {
    const { data, asked } = await load('?coupon=REEL20&applied_id=10781LFT_3');
    expect(asked).toContain('/api/checkout/coupon {"code":"REEL20","pid":"10781LFT_3","product":"aio"}');
    expect(data).toMatchObject({ initial: { type: 'LFT_3', os: 'mac', coupon: REEL20, couponError: null } });
    expect((await load('?coupon=NOPE1')).asked).toContain('/api/checkout/coupon {"code":"NOPE1","pid":"107211Y","product":"aio"}');
    expect((await load('?coupon=NOPE1')).data).toMatchObject({ initial: { coupon: null, couponError: 'coupon_unknown' } });
  });

  it.each([
    ['an address', '?email=buyer%40example.com', 'buyer@example.com'],
    ['an address with spaces around it', '?email=%20buyer%40example.com%20', 'buyer@example.com'],
    ['no address', '', null],
    ['text that is not an address', '?email=not-an-address', null],
    ['markup', '?email=%3Cscript%3E%40x.y', null],
    ['an address over the field limit', `?email=${'a'.repeat(250)}%40example.com`, null],
  ])('fills the e-mail field from a link with %s, and only with an address', async (_case, search, expected) => {
    expect(readLinkEmail(new URLSearchParams(search))).toBe(expected);
    expect((await load(search)).data).toMatchObject({ initial: { email: expected } });
  });

  it('fails, so the page shows its fallback, when the offer is not an offer', async () => {
    const broken = { ...API, '/api/checkout/offer': () => Response.json({ cscode: 503, error: 'api_unavailable' }, { status: 503 }) };
    await expect(load('', broken)).rejects.toThrow();
  });

  it('keeps what a newer offer API adds (a release changes the API and the page that reads it together)', async () => {
    const newer = { ...API, '/api/checkout/offer': () => Response.json({ ...OFFER, releaseNote: 'next-slice' }) };
    expect((await load('', newer)).data).toMatchObject({ offer: { releaseNote: 'next-slice' } });
  });
});

describe('the plan a checkout link chooses', () => {
  it.each([
    ['', { type: null, os: null }],
    ['?plan=LFT_3', { type: 'LFT_3', os: null }],
    ['?plan=lifetime', { type: null, os: null }],
    ['?os=mac', { type: null, os: 'mac' }],
    ['?os=linux', { type: null, os: null }],
    ['?applied_id=107216M', { type: '6M', os: 'win' }],
    ['?applied_id=10781LFT_5', { type: 'LFT_5', os: 'mac' }],
    ['?applied_id=99999LFT', { type: null, os: null }],
    ['?applied_id=10721XYZ', { type: null, os: null }],
    ['?plan=1M&applied_id=107816M', { type: '1M', os: 'mac' }],
    ['?os=win&applied_id=107811Y', { type: '1Y', os: 'mac' }],
  ] as const)('%s → %j', (search, choice) => {
    expect(readLinkChoice(new URLSearchParams(search))).toEqual(choice);
  });
});
