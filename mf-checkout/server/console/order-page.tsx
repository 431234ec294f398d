import { formatCents } from '@reelkeep/shared-contracts';
import type { ConsoleSectionContext } from '@reelkeep/shared-contracts/console';
import { ACTION_PERMISSIONS } from './order-actions.tsx';
import { planLabel, statusLabel, When } from './order-labels.tsx';
import { ORDER_ACTIONS, type OrderAction, type OrderDetail } from './orders-contract.ts';

/** One order: its summary, licence and devices, timeline, and the actions the operator's role may take on it now. */
export function OrderPage({ context, detail, done }: { context: ConsoleSectionContext; detail: OrderDetail; done?: string }) {
  const { t, locale, basePath, can } = context;
  const { order, licence, devices, timeline } = detail;
  const confirm = (action: OrderAction) => `${basePath}/${action}?id=${encodeURIComponent(order.id)}`;
  const offered = ORDER_ACTIONS.filter((action) => {
    if (!can(ACTION_PERMISSIONS[action])) return false;
    if (action === 'refund' || action === 'resend') return order.status === 'paid';
    if (action === 'revoke-key') return licence?.status === 'active';
    return licence !== null && devices.some((device) => device.deactivatedAt === null);
  });
  const mayAct = ORDER_ACTIONS.some((action) => can(ACTION_PERMISSIONS[action]));
  return (
    <>
      {done ? (
        <p className="notice" role="status">
          {t(`done.${done}`)}
        </p>
      ) : null}
      <p>
        <a href={`${basePath}?q=${encodeURIComponent(order.email)}`}>{t('order.otherOrders')}</a>
      </p>
      <section aria-labelledby="order-summary">
        <h2 id="order-summary">{t('order.summary')}</h2>
        <dl>
          <dt>{t('columns.status')}</dt>
          <dd>{statusLabel(t, order.status)}</dd>
          <dt>{t('columns.email')}</dt>
          <dd>
            {order.email} ({order.userId ? t('order.hasAccount') : t('order.guest')}, {order.locale})
          </dd>
          <dt>{t('columns.plan')}</dt>
          <dd>
            {planLabel(t, order)} · {order.productKey}
          </dd>
          <dt>{t('columns.amount')}</dt>
          <dd>
            {formatCents(order.amountCents, locale)}
            {order.couponCode ? ` (${t('order.coupon', { code: order.couponCode, discount: formatCents(order.discountCents, locale) })})` : ''} ·{' '}
            {order.provider}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="order-licence">
        <h2 id="order-licence">{t('order.licence')}</h2>
        {licence ? (
          <dl>
            <dt>{t('columns.licence')}</dt>
            <dd>
              <code>{licence.key}</code>
            </dd>
            <dt>{t('columns.status')}</dt>
            <dd>{t(`licence.${licence.status}`)}</dd>
            <dt>{t('order.expires')}</dt>
            <dd>{licence.expiresAt ? <When at={licence.expiresAt} /> : t('order.never')}</dd>
            <dt>{t('order.devicesUsed')}</dt>
            <dd>
              {t('order.seats', {
                used: devices.filter((device) => device.deactivatedAt === null).length,
                allowed: licence.allowNum,
              })}
            </dd>
          </dl>
        ) : (
          <p>{t('order.noLicence')}</p>
        )}
        {devices.length > 0 ? (
          <div className="scroll" role="region" tabIndex={0} aria-label={t('order.devices')}>
            <table>
              <caption>{t('order.devices')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('devices.name')}</th>
                  <th scope="col">{t('devices.id')}</th>
                  <th scope="col">{t('devices.activated')}</th>
                  <th scope="col">{t('devices.state')}</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={`${device.deviceId}-${device.activatedAt}`}>
                    <td>{device.name || '—'}</td>
                    <td>
                      <code>{device.deviceId}</code>
                    </td>
                    <td>
                      <When at={device.activatedAt} />
                    </td>
                    <td>
                      {device.deactivatedAt === null ? (
                        t('devices.active')
                      ) : (
                        <>
                          {t(device.reset ? 'devices.reset' : 'devices.deactivated')} <When at={device.deactivatedAt} />
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="order-timeline">
        <h2 id="order-timeline">{t('order.timeline')}</h2>
        <ol>
          {timeline.map((entry, index) => (
            <li key={index}>
              <When at={entry.at} /> — {t(`timeline.${entry.type}`, { detail: entry.detail ?? '' })}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="order-actions">
        <h2 id="order-actions">{t('order.actions')}</h2>
        {offered.length > 0 ? (
          <p className="row">
            {offered.map((action) => (
              <a key={action} href={confirm(action)}>
                {t(`actions.${action}`)}
              </a>
            ))}
          </p>
        ) : (
          <p>{mayAct ? t('order.nothingToDo') : t('order.readOnly')}</p>
        )}
      </section>
    </>
  );
}
