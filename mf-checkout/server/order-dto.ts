import type { DeviceDto, LicenceDto, OrderDto } from '@reelkeep/shared-contracts';
import type { DeviceRow, LicenceRow, OrderRow } from './order-repository.ts';

const toIso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toLicenceDto(licence: LicenceRow, devices: readonly DeviceRow[]): LicenceDto {
  return {
    key: licence.key,
    status: licence.status,
    os: licence.os,
    planType: licence.plan_type,
    allowNum: licence.allow_num,
    expiresAt: toIso(licence.expires_at),
    devices: devices
      .filter((device) => device.licence_id === licence.id)
      .map((device): DeviceDto => ({ deviceId: device.device_id, name: device.name, activatedAt: new Date(device.activated_at).toISOString() })),
  };
}

/** Orders as their buyer sees them, each with its licence and the devices it is active on. */
export function toOrderDtos(rows: readonly OrderRow[], licences: readonly LicenceRow[], devices: readonly DeviceRow[]): OrderDto[] {
  return rows.map((row) => {
    const licence = licences.find((candidate) => candidate.order_id === row.id);
    return {
      id: row.id,
      status: row.status,
      product: row.product_key,
      pid: row.pid,
      os: row.os,
      planType: row.plan_type,
      variant: row.variant,
      couponCode: row.coupon_code,
      originCents: row.origin_cents,
      priceCents: row.price_cents,
      discountCents: row.discount_cents,
      creditCents: row.credit_cents ?? 0,
      amountCents: row.amount_cents,
      currency: 'USD',
      email: row.email,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: toIso(row.paid_at),
      // The reason of the last failed attempt matters while the buyer can still pay.
      failureCode: row.status === 'pending' ? row.failure_code : null,
      licence: licence ? toLicenceDto(licence, devices) : null,
    };
  });
}
