import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { CAMPAIGN_STATES, type CAMPAIGN_SORTS, type CampaignState } from './section-inputs.ts';
import { formatUtc } from './section-rules.ts';
import { campaignHref, SECTION_BASE } from './section-links.ts';
import { Options } from './SectionForm.tsx';
import { ScrollTable } from './ScrollTable.tsx';

/** A campaign as the section lists it. */
export interface CampaignListItem {
  id: string;
  name: string;
  state: CampaignState;
  startsAt: number;
  endsAt: number;
  coupons: number;
}

/** The list's query as a link. */
const listHref = (query: { sort: string; dir: string; page: number; state?: string }) =>
  `${SECTION_BASE}?${new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page), ...(query.state ? { state: query.state } : {}) })}`;

/** Every campaign: state, window and coupons; sortable by each column, paginated, filtered by state. */
export function CampaignList({
  t,
  items,
  query,
  page,
  pages,
  total,
  canManage,
}: {
  t: TranslateFunction;
  items: readonly CampaignListItem[];
  query: { sort: (typeof CAMPAIGN_SORTS)[number]; dir: 'asc' | 'desc'; state?: CampaignState };
  page: number;
  pages: number;
  total: number;
  canManage: boolean;
}) {
  const header = (sort: (typeof CAMPAIGN_SORTS)[number], label: string) => {
    const current = query.sort === sort;
    const next = current && query.dir === 'asc' ? 'desc' : 'asc';
    return (
      <th scope="col" aria-sort={current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <a href={listHref({ sort, dir: next, page: 1, state: query.state })}>
          {label}
          {current ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}
          <span className="skip">{t(next === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}</span>
        </a>
      </th>
    );
  };
  return (
    <>
      <section>
        <div className="row">
          {canManage && (
            <p>
              <a href={`${SECTION_BASE}/new`}>{t('list.create')}</a>
            </p>
          )}
          <form method="get" action={SECTION_BASE} className="row">
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
            <div>
              <label htmlFor="state">{t('list.show')}</label>
              <select id="state" name="state" defaultValue={query.state ?? ''}>
                <option value="">{t('list.allStates')}</option>
                <Options values={CAMPAIGN_STATES} label={(state) => t(`states.${state}`)} />
              </select>
            </div>
            <button type="submit" className="secondary">
              {t('list.filter')}
            </button>
          </form>
        </div>
      </section>
      <section>
        <ScrollTable
          caption={t('list.caption')}
          head={
            <>
              {header('name', t('list.name'))}
              {header('state', t('list.state'))}
              {header('starts', t('list.starts'))}
              {header('ends', t('list.ends'))}
              <th scope="col">{t('list.coupons')}</th>
            </>
          }
        >
          {items.map((item) => (
            <tr key={item.id} data-campaign={item.id}>
              <th scope="row">
                <a href={campaignHref(item.id)}>{item.name}</a> <code>{item.id}</code>
              </th>
              <td>{t(`states.${item.state}`)}</td>
              <td>
                <time dateTime={new Date(item.startsAt).toISOString()}>{formatUtc(item.startsAt)}</time>
              </td>
              <td>
                <time dateTime={new Date(item.endsAt).toISOString()}>{formatUtc(item.endsAt)}</time>
              </td>
              <td>{item.coupons}</td>
            </tr>
          ))}
        </ScrollTable>
        {total === 0 && <p>{t('list.empty')}</p>}
        {pages > 1 && (
          <nav aria-label={t('list.pages')}>
            <p className="row">
              {page > 1 && <a href={listHref({ ...query, page: page - 1 })}>{t('list.previous')}</a>}
              <span>{t('list.pageOf', { page, pages })}</span>
              {page < pages && <a href={listHref({ ...query, page: page + 1 })}>{t('list.next')}</a>}
            </p>
          </nav>
        )}
      </section>
    </>
  );
}
