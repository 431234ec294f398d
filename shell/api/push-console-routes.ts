import { readInput, respondJson, wholeNumber } from '@reelkeep/shared-contracts';
import { pushComposeInput } from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { listPushSends } from './push-progress.ts';
import { enqueuePushMessage } from './push-queue.ts';
import { drainPushQueueOf } from './push-routes.ts';
import type { SiteSettings } from './settings.ts';

/**
 * The console's push routes (docs/push.md "Composed messages"): internal, so the gateway answers 404 to anything but
 * the host, whose console checked the operator's permission (`push:send`, `push:read`) and writes the audit entry.
 */
export const PUSH_COMPOSE_INTERNAL_ENDPOINT = '/api/site/internal/push/compose';
export const PUSH_SENDS_INTERNAL_ENDPOINT = '/api/site/internal/push/sends';

const sendsQuery = z.object({ limit: wholeNumber(1, 200).optional() });

/** Queue a composed message (and start sending it); list the latest sends with their counts. */
export function createPushConsoleRoutes(
  options: { drain?: (context: HostContext<SiteSettings>) => () => Promise<void> } = {},
): ApiRoute<SiteSettings>[] {
  const drainOf = options.drain ?? drainPushQueueOf;
  const noStore = { 'cache-control': 'no-store' };
  return [
    {
      method: 'POST',
      path: PUSH_COMPOSE_INTERNAL_ENDPOINT,
      maxBodyBytes: 16 * 1024,
      async handle(request, context) {
        const input = await readInput(request, pushComposeInput);
        if (!input.ok) return respondJson({ error: 'invalid_message', problems: input.problems }, input.status, noStore);
        const queued = await enqueuePushMessage(context.db, input.data);
        void drainOf(context)();
        context.logger.info('push message queued', { id: queued.id, message: 'composed', recipients: queued.recipients });
        return respondJson(queued, 202, noStore);
      },
    },
    {
      method: 'GET',
      path: PUSH_SENDS_INTERNAL_ENDPOINT,
      async handle(request, context) {
        const input = await readInput(request, sendsQuery);
        if (!input.ok) return respondJson({ error: 'invalid_query', problems: input.problems }, input.status, noStore);
        return respondJson({ sends: await listPushSends(context.db, input.data.limit ?? 100) }, 200, noStore);
      },
    },
  ];
}
