import { describe, expect, it } from '@jest/globals';
import { currentCampaignsAnswerSchema } from '../campaign-contract.ts';
import { campaignCreateInput } from './campaign.ts';

const campaign = (attr: unknown) => ({
  id: 'styled',
  nameKey: 'demo',
  startsAt: '2030-01-01T00:00:00Z',
  endsAt: '2030-02-01T00:00:00Z',
  bottomAd: {
    href: 'store',
    background: '/assets/campaign/demo-ad.svg',
    storageKey: 'rk_bottom_ad_styled',
    sourceKey: 'rk_ad_source',
    sourceValue: 'bottom_ad_styled',
    ...(attr === undefined ? {} : { attr }),
  },
});

describe('bottom ad options: the style options attr (spec: body, icon, iconHover styles) an operator may set', () => {
  it.each([
    ['no attr', undefined, true],
    [
      'body, icon and iconHover colours and radii',
      { body: { backgroundColor: '#14213d', borderRadiusPx: 12 }, icon: { color: '#fff' }, iconHover: { backgroundColor: '#e63946cc' } },
      true,
    ],
    ['a colour that is not #hex (a url() would load something)', { body: { backgroundColor: 'url(https://evil.example/t.gif)' } }, false],
    ['a named colour', { icon: { color: 'red' } }, false],
    ['a radius past 32 px', { body: { borderRadiusPx: 200 } }, false],
    ['a property the options do not have (moving the ad over the page)', { body: { top: '0' } }, false],
    ['a style the options do not have', { frame: { color: '#fff' } }, false],
  ])('%s', (_title, attr, accepted) => expect(campaignCreateInput.safeParse(campaign(attr)).success).toBe(accepted));

  it('the answer the dialogs read refuses a style the admin input would refuse', () => {
    const answer = (backgroundColor: string) => ({
      campaign: {
        id: 'styled',
        nameKey: 'demo',
        newsletterKey: null,
        navTitleKey: null,
        route: 'store',
        startsAt: 0,
        endsAt: 1,
        displayedEndsAt: 1,
        isImportant: true,
        noNavRoutes: [],
        noAdRoutes: [],
        images: {},
        bottomAd: { ...campaign(undefined).bottomAd, attr: { body: { backgroundColor } } },
        carousel: [],
        coupons: [],
        expired: false,
      },
      eventCenter: [],
    });
    const accepted = (value: string) => currentCampaignsAnswerSchema.safeParse(answer(value)).success;
    expect(accepted('#14213d')).toBe(true);
    expect(accepted('url(x)')).toBe(false);
  });
});
