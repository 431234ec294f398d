import { licenceRequestSchema, readInput, respondJson } from '@reelkeep/shared-contracts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import { isOverLimit, readClientIp, refuseTooMany } from './answers.ts';

const ACTIONS = ['activate', 'validate', 'deactivate'] as const;

/** The desktop app's licence API (docs/api.md "Licence API"): JSON in, JSON out, rate limited per address and key. */
export function createLicenceRoutes(use: UseServices): CheckoutRoute[] {
  return ACTIONS.map((action): CheckoutRoute => ({
    method: 'POST',
    path: `/api/checkout/licence/${action}`,
    // The desktop app is no browser page: it sends no Origin and carries no cookie.
    callers: 'any',
    async handle(request, context) {
      const { licences, limiters } = use(context);
      if (await isOverLimit(limiters.licence, readClientIp(request))) return refuseTooMany();
      const input = await readInput(request, licenceRequestSchema);
      if (input.isForm || (!input.ok && input.status === 415)) return respondJson({ ok: false, error: 'json_expected' }, 415);
      if (!input.ok) {
        const error = input.problems.key ? 'invalid_key' : input.problems.device_id ? 'invalid_device' : 'invalid_input';
        return respondJson({ ok: false, error, problems: input.problems }, 400);
      }
      const { key, device_id: deviceId, device_name: deviceName = '' } = input.data;
      if (await isOverLimit(limiters.licence, `key:${key.slice(0, 64)}`)) return refuseTooMany();
      const result =
        action === 'activate'
          ? await licences.activate(key, deviceId, deviceName)
          : action === 'validate'
            ? await licences.validate(key, deviceId)
            : await licences.deactivate(key, deviceId);
      if ('error' in result) return respondJson({ ok: false, error: result.error }, result.status);
      return respondJson({ ok: true, licence: result }, 200, { 'cache-control': 'no-store' });
    },
  }));
}
