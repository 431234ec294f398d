import { z } from 'zod';
import { formatCents, orderIdInput } from '@reelkeep/shared-contracts';
import { answerSectionNotFound, defineConsolePage, type ConsoleSection, type ConsoleSectionContext } from '@reelkeep/shared-contracts/console';
import { ACTION_PERMISSIONS, DONE, orderAction } from './order-actions.tsx';
import { OrderPage } from './order-page.tsx';
import { ResultsTable, SearchForm } from './order-search.tsx';
import { API, CheckoutUnavailableError, loadOrder, readJson } from './orders-api.ts';
import { orderSearchSchema, ORDER_ACTIONS, type OrderAction } from './orders-contract.ts';

/**
 * Orders and licences, the checkout's console section (docs/console.md "Orders and licences"): find an order by
 * e-mail, order id or licence key, read its timeline, and refund it, resend its receipt, reset its devices or
 * revoke its key, each after a confirmation. Data and actions come from the checkout's internal console routes,
 * i.e. from the same release's own logic.
 */

const searchQuery = z.object({ q: z.string().trim().max(320).optional() });
const orderQuery = z.object({ id: orderIdInput, done: z.enum(Object.values(DONE) as [string, ...string[]]).optional() });
const confirmQuery = z.object({ id: orderIdInput });

const notFound = (context: ConsoleSectionContext) => answerSectionNotFound(context, 'search.back');

function confirmationPage(action: OrderAction) {
  return defineConsolePage({
    path: action,
    permission: ACTION_PERMISSIONS[action],
    query: confirmQuery,
    async render(context, query) {
      const { t, basePath } = context;
      const detail = await loadOrder(context, query.id);
      if (!detail) return notFound(context);
      const { order, licence } = detail;
      return {
        kind: 'page',
        title: t(`confirm.${action}.title`),
        body: (
          <section>
            <p>
              {t(`confirm.${action}.question`, {
                order: order.id,
                email: order.email,
                amount: formatCents(order.amountCents, context.locale),
                key: licence?.key ?? '—',
              })}
            </p>
            <form method="post" action={`${basePath}/${action}`}>
              <input type="hidden" name="order" value={order.id} />
              <input type="hidden" name="confirm" value="yes" />
              <div className="row">
                <button type="submit">{t(`actions.${action}`)}</button>{' '}
                <a href={`${basePath}/order?id=${encodeURIComponent(order.id)}`}>{t('confirm.cancel')}</a>
              </div>
            </form>
          </section>
        ),
      };
    },
  });
}
/** The section. */
export const ordersSection: ConsoleSection = {
  id: 'orders',
  labelKey: 'nav',
  namespaces: ['checkout_console', 'checkout'],
  pages: [
    defineConsolePage({
      path: '',
      permission: { resource: 'order', action: 'read' },
      query: searchQuery,
      async render(context, query) {
        const { t, locale, basePath } = context;
        const q = query.q ?? '';
        let results: z.output<typeof orderSearchSchema> | null = null;
        if (q.length >= 3) {
          const response = await context.fetchApi(`${API}/orders?${new URLSearchParams({ q }).toString()}`);
          results = response.ok ? await readJson(response, orderSearchSchema) : null;
          if (!results) throw new CheckoutUnavailableError(`search answered ${response.status}`);
        }
        return {
          kind: 'page',
          title: t('nav'),
          body: (
            <>
              <section>
                <p>{t('search.intro')}</p>
                <SearchForm t={t} q={q} />
                {q !== '' && q.length < 3 ? (
                  <p className="notice problem" role="alert">
                    {t('search.tooShort')}
                  </p>
                ) : null}
              </section>
              {results ? (
                <section aria-live="polite">
                  <h2>{t('search.found', { count: results.orders.length, q })}</h2>
                  {results.orders.length > 0 ? <ResultsTable t={t} locale={locale} basePath={basePath} orders={results.orders} /> : null}
                  {results.more ? <p>{t('search.more')}</p> : null}
                </section>
              ) : null}
            </>
          ),
        };
      },
    }),
    defineConsolePage({
      path: 'order',
      permission: { resource: 'order', action: 'read' },
      query: orderQuery,
      async render(context, query) {
        const detail = await loadOrder(context, query.id);
        if (!detail) return notFound(context);
        return {
          kind: 'page',
          title: context.t('order.title', { id: detail.order.id }),
          body: <OrderPage context={context} detail={detail} done={query.done} />,
        };
      },
    }),
    ...ORDER_ACTIONS.map(confirmationPage),
  ],
  actions: ORDER_ACTIONS.map(orderAction),
};
