import { CONTRACT_VERSION, campaignIdInput } from '@reelkeep/shared-contracts';
import {
  CONSOLE_ACTOR_HEADER,
  CONSOLE_LOCALE_HEADER,
  consoleSectionReplySchema,
  defineConsoleAction,
  defineConsolePage,
  type ConsoleModule,
  type ConsolePermission,
  type ConsoleSectionAnswer,
  type ConsoleSectionContext,
} from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import { campaignDetailQuery, campaignListQuery } from './section-inputs.ts';

/**
 * `mf_campaign/console` (docs/console.md "Campaigns and coupons"): the campaign squad's console section, exposed
 * from its server container and released, promoted and rolled back with mf-campaign. The host has checked the
 * origin, the body's size and the permission each page and action declares before it runs; the section then asks
 * the squad's own internal route (`server/console-section.ts`), which validates every form with its schema, makes
 * the change through the admin API's code and renders the page with the squad's components. A change comes back
 * with its audit entry (before and after), which the section hands the host's audit log.
 */

const READ: ConsolePermission = { resource: 'campaign', action: 'read' };
const MANAGE: ConsolePermission = { resource: 'campaign', action: 'manage' };
const API = '/api/campaign/internal/console/';

/** A form as the host read it: text fields only, bounded; the squad's route applies the form's own schema. */
const formFields = z.record(z.string().regex(/^[A-Za-z][\w-]{0,63}$/), z.string().max(4000));
/** A form about one campaign: its id, and the form's fields. */
const campaignForm = z.object({ id: campaignIdInput }).catchall(z.string().max(4000));

/** Asks the squad's route for a page or a change, and turns its reply into the section's answer. */
async function ask(context: ConsoleSectionContext, rest: string, request: { query?: Record<string, string>; form?: Record<string, string> } = {}) {
  const search = request.query && Object.keys(request.query).length > 0 ? `?${new URLSearchParams(request.query)}` : '';
  const response = await context.fetchApi(`${API}${rest}${search}`, {
    method: request.form ? 'POST' : 'GET',
    headers: {
      [CONSOLE_ACTOR_HEADER]: JSON.stringify(context.actor),
      [CONSOLE_LOCALE_HEADER]: context.locale,
      ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: request.form ? new URLSearchParams(request.form).toString() : undefined,
  });
  // The host logs a failure and shows "section unavailable"; the rest of the console works.
  if (!response.ok) throw new Error(`the campaign API answered ${response.status}`);
  const reply = consoleSectionReplySchema.parse(await response.json());
  if (reply.kind === 'preview') throw new Error('the campaign API answered a preview for a page');
  if (reply.kind === 'redirect') {
    if (reply.audit) await context.audit(reply.audit);
    return { kind: 'redirect', to: reply.to } satisfies ConsoleSectionAnswer;
  }
  // Static HTML the squad's components rendered on the server (React escaped every value); no script.
  return {
    kind: 'page',
    status: reply.status,
    title: reply.title,
    body: <div dangerouslySetInnerHTML={{ __html: reply.html }} />,
  } satisfies ConsoleSectionAnswer;
}

/** Text fields as they travel on (the absent ones dropped). */
const toForm = (input: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(input).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** An action on one campaign: the squad's route at `<id>/<what>`. */
const campaignAction = (path: string, what: string) =>
  defineConsoleAction({
    path,
    permission: MANAGE,
    input: campaignForm,
    handle: (context, { id, ...fields }) => ask(context, `${id}/${what}`, { form: toForm(fields) }),
  });

export default {
  contractVersion: CONTRACT_VERSION,
  sections: [
    {
      id: 'campaigns',
      labelKey: 'nav',
      namespaces: ['console_campaign', 'campaign', 'common'],
      pages: [
        defineConsolePage({
          path: '',
          permission: READ,
          query: campaignListQuery,
          render: (context, query) =>
            ask(context, '', { query: toForm({ sort: query.sort, dir: query.dir, page: String(query.page), state: query.state || undefined }) }),
        }),
        defineConsolePage({ path: 'new', permission: READ, query: z.object({}), render: (context) => ask(context, 'new') }),
        defineConsolePage({
          path: 'campaign',
          permission: READ,
          query: campaignDetailQuery.extend({ id: campaignIdInput }),
          render: (context, { id, preview, done }) => ask(context, id, { query: toForm({ preview, done }) }),
        }),
      ],
      actions: [
        defineConsoleAction({ path: 'create', permission: MANAGE, input: formFields, handle: (context, form) => ask(context, 'new', { form }) }),
        campaignAction('edit', 'edit'),
        campaignAction('schedule', 'schedule'),
        campaignAction('end', 'end'),
        campaignAction('coupon', 'coupons'),
        campaignAction('coupon-remove', 'coupons/remove'),
      ],
    },
  ],
} satisfies ConsoleModule;
