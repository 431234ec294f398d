import type { z } from 'zod';
import type { ConsoleSectionContext } from '@reelkeep/shared-contracts/console';
import { orderDetailSchema, type OrderDetail } from './orders-contract.ts';

/** The checkout's internal console routes (docs/console.md "Orders and licences"), the section's only source of data and actions. */
export const API = '/api/checkout/internal/console';

/** An answer of the checkout's API read with its schema; null when it is not JSON or does not fit. */
export async function readJson<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** The checkout's API answered something unusable: the host shows "section unavailable". */
export class CheckoutUnavailableError extends Error {}

/** One order with its licence, devices and timeline; null when there is no such order. */
export async function loadOrder(context: ConsoleSectionContext, id: string): Promise<OrderDetail | null> {
  const response = await context.fetchApi(`${API}/order?${new URLSearchParams({ order: id }).toString()}`);
  if (response.status === 404) return null;
  const detail = response.ok ? await readJson(response, orderDetailSchema) : null;
  if (!detail) throw new CheckoutUnavailableError(`order answered ${response.status}`);
  return detail;
}
