import {
  DEFAULT_LOCALE,
  deviceDeactivationSchema,
  myOrdersQuerySchema,
  readInput,
  readSignedInUser,
  respondJson,
  toLocalePrefix,
  type Locale,
  type MyOrdersDto,
} from '@reelkeep/shared-contracts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import type { LicenceRefusal, LicenceStatusDto } from '../licences.ts';
import { refuseInput } from './answers.ts';

/** What My account (mf-account) shows of the checkout: the customer's orders and licences, and freeing a device. */
export function createMyAccountRoutes(use: UseServices): CheckoutRoute[] {
  const myOrdersRoute: CheckoutRoute = {
    method: 'GET',
    path: '/api/checkout/my-orders',
    async handle(request, context) {
      const input = await readInput(request, myOrdersQuerySchema);
      if (!input.ok) return refuseInput(input);
      const user = await readSignedInUser(request, context.fetchApi);
      if (!user) return respondJson({ cscode: 401, error: 'signed_out' }, 401);
      const body: MyOrdersDto = { orders: await use(context).orders.listOrders(user.id) };
      return respondJson(body, 200, { 'cache-control': 'no-store' });
    },
  };

  /** My account's "deactivate device" (a form without JavaScript, JSON with it). */
  const myDeviceRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/my-devices/deactivate',
    async handle(request, context) {
      const input = await readInput(request, deviceDeactivationSchema);
      const user = input.ok ? await readSignedInUser(request, context.fetchApi) : null;
      const result: LicenceStatusDto | { status: number; error: string } = !input.ok
        ? { status: input.status, error: input.problems.key ? 'invalid_key' : input.problems.device ? 'invalid_device' : 'invalid_input' }
        : user
          ? await use(context).licences.deactivate(input.data.key, input.data.device, user.id)
          : ({ status: 404, error: 'invalid_key' } satisfies LicenceRefusal);
      if (input.isForm) {
        // None of a refused form's fields is used, its locale included: it goes back to My account in the default one.
        const locale: Locale = input.ok ? input.data.locale : DEFAULT_LOCALE;
        const query = 'error' in result ? `device_error=${result.error}` : 'device_removed=1';
        return new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?${query}#licences` } });
      }
      return 'error' in result
        ? respondJson({ cscode: result.status, error: result.error }, result.status)
        : respondJson({ cscode: 200, licence: result });
    },
  };

  return [myOrdersRoute, myDeviceRoute];
}
