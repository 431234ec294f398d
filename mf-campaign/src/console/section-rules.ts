import type { CampaignState } from './section-inputs.ts';

/** Campaigns a list page shows (docs/console.md "Campaigns and coupons"). */
export const CAMPAIGN_PAGE_SIZE = 20;

/** What the section's rules read of a campaign. */
export interface CampaignRow {
  id: string;
  startsAt: number;
  endsAt: number;
}

/** A campaign's state: scheduled before its start, running in its window, ended from its end on (UTC). */
export function readCampaignState(campaign: CampaignRow, now: number): CampaignState {
  if (now < campaign.startsAt) return 'scheduled';
  return now < campaign.endsAt ? 'running' : 'ended';
}

const STATE_ORDER: Record<CampaignState, number> = { running: 0, scheduled: 1, ended: 2 };

/**
 * The campaigns in the list's order: by name (as the manager's locale shows it), state (running, scheduled,
 * ended), start or end; ties by id, so pages never shuffle.
 */
export function sortCampaigns<C extends CampaignRow>(
  campaigns: readonly C[],
  sort: 'name' | 'state' | 'starts' | 'ends',
  dir: 'asc' | 'desc',
  now: number,
  nameOf: (campaign: C) => string,
  locale: string,
): C[] {
  const collator = new Intl.Collator(locale);
  const compare = (a: C, b: C): number => {
    switch (sort) {
      case 'name':
        return collator.compare(nameOf(a), nameOf(b));
      case 'state':
        return STATE_ORDER[readCampaignState(a, now)] - STATE_ORDER[readCampaignState(b, now)];
      case 'starts':
        return a.startsAt - b.startsAt;
      case 'ends':
        return a.endsAt - b.endsAt;
    }
  };
  const sign = dir === 'asc' ? 1 : -1;
  return [...campaigns].sort((a, b) => sign * compare(a, b) || a.id.localeCompare(b.id));
}

/** One page of a list: its items, the page shown (the last one when asked past it) and how many there are. */
export function paginate<T>(items: readonly T[], page: number, size = CAMPAIGN_PAGE_SIZE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const shown = Math.min(Math.max(1, page), pages);
  return { items: items.slice((shown - 1) * size, shown * size), page: shown, pages };
}

/** A moment as a `datetime-local` field shows it in UTC (`2026-12-01T09:30`). */
export function toUtcMinute(moment: number): string {
  return new Date(moment).toISOString().slice(0, 16);
}

/** A moment as the section writes it: `2026-12-01 09:30 UTC`. */
export function formatUtc(moment: number): string {
  return `${toUtcMinute(moment).replace('T', ' ')} UTC`;
}

/** The start a new campaign's form proposes: this minute, so a campaign created as it stands runs at once. */
export function proposeStart(now: number): number {
  return now - (now % 60_000);
}
