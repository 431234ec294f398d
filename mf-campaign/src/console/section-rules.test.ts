import { describe, expect, it } from '@jest/globals';
import { formatUtc, paginate, proposeStart, readCampaignState, sortCampaigns, toUtcMinute } from './section-rules.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12, 0, 30);

describe('the Campaigns section rules', () => {
  it.each([
    [NOW + 1, NOW + DAY, 'scheduled'],
    [NOW, NOW + DAY, 'running'],
    [NOW - DAY, NOW + 1, 'running'],
    [NOW - DAY, NOW, 'ended'],
    [NOW - 2 * DAY, NOW - DAY, 'ended'],
  ])('a campaign from %p to %p is %p (start included, end excluded)', (startsAt, endsAt, state) => {
    expect(readCampaignState({ id: 'x', startsAt, endsAt }, NOW)).toBe(state);
  });

  const campaigns = [
    { id: 'b', name: 'Été', startsAt: NOW - DAY, endsAt: NOW + DAY },
    { id: 'a', name: 'avril', startsAt: NOW + DAY, endsAt: NOW + 3 * DAY },
    { id: 'c', name: 'Zèbre', startsAt: NOW - 3 * DAY, endsAt: NOW - DAY },
    { id: 'd', name: 'Été', startsAt: NOW - DAY, endsAt: NOW + 2 * DAY },
  ];
  it.each([
    ['name', 'asc', ['a', 'b', 'd', 'c']],
    ['name', 'desc', ['c', 'b', 'd', 'a']],
    ['state', 'asc', ['b', 'd', 'a', 'c']],
    ['starts', 'desc', ['a', 'b', 'd', 'c']],
    ['ends', 'asc', ['c', 'b', 'd', 'a']],
  ] as const)('sorts by %s %s as %j, ties by id', (sort, dir, ids) => {
    expect(sortCampaigns(campaigns, sort, dir, NOW, (campaign) => campaign.name, 'fr').map((campaign) => campaign.id)).toEqual(ids);
  });

  it('paginates, showing the last page when asked past it and one empty page for no items', () => {
    const items = Array.from({ length: 45 }, (_, index) => index);
    expect(paginate(items, 1)).toMatchObject({ page: 1, pages: 3, items: items.slice(0, 20) });
    expect(paginate(items, 3).items).toEqual(items.slice(40));
    expect(paginate(items, 9)).toMatchObject({ page: 3, pages: 3 });
    expect(paginate([], 2)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('writes moments in UTC and proposes this minute as a start, so a campaign made as it stands runs at once', () => {
    expect(toUtcMinute(NOW)).toBe('2026-06-15T12:00');
    expect(formatUtc(NOW)).toBe('2026-06-15 12:00 UTC');
    expect(proposeStart(NOW)).toBe(Date.UTC(2026, 5, 15, 12, 0));
    expect(readCampaignState({ id: 'x', startsAt: proposeStart(NOW), endsAt: NOW + DAY }, NOW)).toBe('running');
  });
});
