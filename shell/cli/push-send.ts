/**
 * Sends a web push message to the site's subscribers through the operator's API (docs/push.md "Sending")
 * and follows its progress until every delivery is sent, failed or pruned.
 *
 *   npm run push:send -- <new_version|sale|new_guide> --path /store [--locale fr] [--os win|mac|other]
 *                        [--campaign <utm_campaign>] [--image /og-image.png] [--no-wait]
 *
 * Sends through the running site's console API with CONSOLE_API_KEY (a key whose role holds `push:send`), at
 * CONSOLE_URL or SITE_URL (docs/operations.md "Operators' tools"): the site delivers. Prints one JSON line per
 * progress step; exits 1 when the site refuses the message.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@reelkeep/platform/config';
import { describeUnreachableSite } from '@reelkeep/platform/network-problems';
import { readConsoleApi } from '@reelkeep/platform/operator-api';
import { pushProgressAnswerSchema, pushQueuedAnswerSchema } from '@reelkeep/shared-contracts';

const PUSH_ADMIN_PATH = '/api/site/admin/push/messages';
const PROGRESS_POLL_MS = 1000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/' },
    locale: { type: 'string' },
    os: { type: 'string' },
    campaign: { type: 'string' },
    image: { type: 'string' },
    'no-wait': { type: 'boolean', default: false },
  },
});
const config = loadConfig();
const api = readConsoleApi(config);
if (!api) {
  console.error(
    'push:send: the running site sends push messages, so this command needs its console API: set CONSOLE_API_KEY ' +
      `(an API key with push:send, made in the console at ${new URL('/console/api-keys', config.SITE_URL).href} or by npm run console:api-key) ` +
      'and CONSOLE_URL when the site is not at SITE_URL.',
  );
  process.exit(1);
}
const endpoint = new URL(PUSH_ADMIN_PATH, api.url);

const { 'no-wait': noWait, ...message } = values;
const queued = await api.call(PUSH_ADMIN_PATH, { method: 'POST', body: { message: positionals[0], ...message } }).catch((error: unknown) => {
  console.error(describeUnreachableSite(error, endpoint));
  process.exit(1);
});
const queuedBody: unknown = await queued.json().catch(() => null);
const accepted = pushQueuedAnswerSchema.safeParse(queuedBody);
if (queued.status !== 202 || !accepted.success) {
  console.error(`refused (${queued.status}): ${JSON.stringify(queuedBody)}`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ msg: 'push message queued', ...accepted.data })}\n`);
if (noWait) process.exit(0);

for (;;) {
  const answer = await api.call(`${PUSH_ADMIN_PATH}?id=${accepted.data.id}`);
  const progress = pushProgressAnswerSchema.parse(await answer.json());
  process.stdout.write(`${JSON.stringify({ msg: progress.finishedAt ? 'push message finished' : 'push message sending', ...progress })}\n`);
  if (progress.finishedAt) break;
  await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
}
