import { formatCents, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { planLabel, statusLabel, When } from './order-labels.tsx';
import type { OrderSummary } from './orders-contract.ts';

/** The search box of the section's first page: an e-mail, an order id or a licence key. */
export function SearchForm({ t, q }: { t: TranslateFunction; q: string }) {
  return (
    <form method="get" role="search" className="row">
      <div>
        <label htmlFor="q">{t('search.label')}</label>
        <input id="q" name="q" type="search" defaultValue={q} minLength={3} maxLength={320} required size={40} />
      </div>
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}

/** The orders a search found, each linking to its order page. */
export function ResultsTable({ t, locale, basePath, orders }: { t: TranslateFunction; locale: string; basePath: string; orders: OrderSummary[] }) {
  return (
    <div className="scroll" role="region" tabIndex={0} aria-label={t('search.results')}>
      <table>
        <caption className="skip">{t('search.results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.order')}</th>
            <th scope="col">{t('columns.created')}</th>
            <th scope="col">{t('columns.email')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.plan')}</th>
            <th scope="col">{t('columns.amount')}</th>
            <th scope="col">{t('columns.licence')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <a href={`${basePath}/order?id=${encodeURIComponent(order.id)}`}>{order.id}</a>
              </th>
              <td>
                <When at={order.createdAt} />
              </td>
              <td>{order.email}</td>
              <td>{statusLabel(t, order.status)}</td>
              <td>{planLabel(t, order)}</td>
              <td>{formatCents(order.amountCents, locale)}</td>
              <td>
                {order.licenceKey ? (
                  <>
                    <code>{order.licenceKey}</code> ({t(`licence.${order.licenceStatus}`)})
                  </>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
