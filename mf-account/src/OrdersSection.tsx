import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  formatCents,
  postJson,
  deviceDeactivationAnswerSchema,
  selectLocale,
  toLocalePath,
  toPlanId,
  type PlanType,
  type LicenceDto,
  type OrderDto,
  type PostedInput,
  type deviceDeactivationSchema,
  DS,
} from '@reelkeep/shared-contracts';
import { useSiteForm } from '@reelkeep/shared-contracts/ui';
import * as styles from './AccountPage.module.css';

/** docs/commerce.md "Upgrades": the plan a licence's upgrade button offers (a lifetime one above it); none above 5 devices. */
const UPGRADE_TO: Partial<Record<PlanType, PlanType>> = { '1M': 'LFT', '6M': 'LFT', '1Y': 'LFT', LFT: 'LFT_3', LFT_3: 'LFT_5' };

const DEVICE_RESULTS = ['removed', 'deactivation_limit', 'not_activated', 'invalid_key', 'network', 'failed'];
const toDeviceResult = (code: string | null) => (code === null ? null : DEVICE_RESULTS.includes(code) ? code : 'failed');

/** My account's orders, licence keys and the devices each key is active on (deactivate frees a seat). */
export function OrdersSection({
  orders: initial,
  deviceRemoved,
  deviceError,
}: {
  orders: OrderDto[] | null;
  deviceRemoved: boolean;
  deviceError: string | null;
}) {
  const { t } = useTranslation('my_account');
  const locale = useSelector(selectLocale);
  const date = (value: string) => new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'medium' }).format(new Date(value));

  // One action for every device's form: each form names its key and device in its fields.
  const deactivate = useSiteForm<{ orders: OrderDto[] | null; status: string | null }>(
    async (previous, fields) => {
      const key = String(fields.get('key') ?? '');
      const deviceId = String(fields.get('device') ?? '');
      const body = await postJson(
        '/api/checkout/my-devices/deactivate',
        { key, device: deviceId, locale } satisfies PostedInput<typeof deviceDeactivationSchema>,
        deviceDeactivationAnswerSchema,
      );
      if (body.cscode !== 200) return { ...previous, status: body.cscode === 0 ? 'network' : toDeviceResult(body.error ?? 'failed') };
      return {
        status: 'removed',
        orders: (previous.orders ?? []).map((order) =>
          order.licence?.key === key
            ? { ...order, licence: { ...order.licence, devices: order.licence.devices.filter((device) => device.deviceId !== deviceId) } }
            : order,
        ),
      };
    },
    { orders: initial, status: deviceRemoved ? 'removed' : toDeviceResult(deviceError) },
  );
  const { orders, status } = deactivate.state;

  const upgradeHref = (orderId: string, licence: LicenceDto) => {
    const to = UPGRADE_TO[licence.planType];
    const running = licence.status === 'active' && (licence.expiresAt === null || Date.parse(licence.expiresAt) > Date.now());
    return to && running
      ? `${toLocalePath(locale, '/checkout')}?${new URLSearchParams({ upgrade_id: orderId, applied_id: toPlanId(licence.os, to) })}`
      : null;
  };

  const licenceBlock = (orderId: string, licence: LicenceDto) => (
    <div className={styles.licence}>
      <p>
        <span className={DS.fieldLabel}>{t('orders.key')}</span> <code className={styles.key}>{licence.key}</code>
        {licence.status === 'revoked' && <span className={styles.revoked}>{t('orders.revoked')}</span>}
        {upgradeHref(orderId, licence) && (
          <>
            {' '}
            <a href={upgradeHref(orderId, licence)!}>{t('orders.upgrade')}</a>
          </>
        )}
      </p>
      <p className={DS.fieldHint}>
        {licence.expiresAt ? t('orders.expires', { date: date(licence.expiresAt) }) : t('orders.lifetime')} ·{' '}
        {t('orders.devices_used', { used: licence.devices.length, count: licence.allowNum })}
      </p>
      {licence.devices.length > 0 && (
        <ul className={styles.devices}>
          {licence.devices.map((device) => (
            <li key={device.deviceId}>
              <span>
                <strong>{device.name || device.deviceId}</strong>
                <span className={DS.fieldHint}> {t('orders.activated', { date: date(device.activatedAt) })}</span>
              </span>
              <form method="post" action="/api/checkout/my-devices/deactivate" onSubmit={deactivate.onSubmit}>
                <input type="hidden" name="key" value={licence.key} />
                <input type="hidden" name="device" value={device.deviceId} />
                <input type="hidden" name="locale" value={locale} />
                <button className={styles.secondary} type="submit" disabled={deactivate.pending}>
                  {t('orders.deactivate')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <section aria-labelledby="licences">
      <h2 className={styles.subheading} id="licences">
        {t('orders.title')}
      </h2>
      {status && (
        <p className={status === 'removed' ? styles.notice : DS.formProblem} role={status === 'removed' ? 'status' : 'alert'}>
          {t(`orders.device_result.${status}`)}
        </p>
      )}
      {orders === null && (
        <p className={DS.formProblem} role="alert">
          {t('orders.unavailable')}
        </p>
      )}
      {orders?.length === 0 && (
        <p className={DS.fieldHint}>
          {t('orders.empty')} <a href={toLocalePath(locale, '/checkout')}>{t('orders.plans_link')}</a>
        </p>
      )}
      {orders && orders.length > 0 && (
        <ul className={styles.orders}>
          {orders.map((order) => (
            <li key={order.id} className={styles.order} data-order={order.id}>
              <div className={styles.orderHead}>
                <strong>
                  {t(`orders.plans.${order.planType}`)} · {order.os === 'mac' ? 'Mac' : 'Windows'}
                </strong>
                <span>{formatCents(order.amountCents, locale)}</span>
              </div>
              <p className={DS.fieldHint}>
                {date(order.createdAt)} · <span className={styles[`status_${order.status}`]}>{t(`orders.status.${order.status}`)}</span>
              </p>
              {order.licence && licenceBlock(order.id, order.licence)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
