import { z } from 'zod';

/**
 * How a squad section's `./console` module (or the host, for a section preview) asks the squad's own internal route
 * for a page or a change (docs/console.md "Campaigns and coupons", "Section previews"): the operator travels in
 * `x-console-actor` (the actor as JSON, as the host authorised it), the console's locale in `x-console-locale`. The
 * route answers a page (its body as static HTML, rendered by the squad's components), a redirect inside the section
 * after a change (with the audit entry the section hands the host: action, target, before and after), or a preview
 * document's body.
 */

/** The header carrying the acting operator (`consoleActorSchema` as JSON) from the host to a squad's section. */
export const CONSOLE_ACTOR_HEADER = 'x-console-actor';
/** The header carrying the console page's locale from the host to a squad's section. */
export const CONSOLE_LOCALE_HEADER = 'x-console-locale';

/** An audit entry a section's change asks the host to write (docs/console.md "Audit log"). */
export const consoleSectionReplyAuditSchema = z.object({
  action: z.string().regex(/^[a-z]+\.[a-z-]{1,40}$/),
  target: z.string().min(1).max(200),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/** A squad route's reply to its section. */
export const consoleSectionReplySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    status: z.number().int().min(200).max(599),
    title: z.string().min(1).max(200),
    html: z.string().max(1_000_000),
  }),
  z.object({
    kind: z.literal('redirect'),
    /** Relative to the section, as `ConsoleSectionAnswer`'s `to`: `campaign?id=spring&done=created`. */
    to: z.string().regex(/^([a-z][a-z0-9-]{0,30})?(\?[A-Za-z0-9%._~=&+-]{0,400})?$/),
    audit: consoleSectionReplyAuditSchema.optional(),
  }),
  z.object({
    kind: z.literal('preview'),
    title: z.string().min(1).max(200),
    /** The document's body, rendered by the squad's own components. */
    html: z.string().max(1_000_000),
    /** The campaign banner's slot (`FrameCampaignDto`, parsed by the host with its schema): the host owns the banner's markup. */
    banner: z.unknown().optional(),
  }),
]);

/** A squad route's reply to its section. */
export type ConsoleSectionReply = z.infer<typeof consoleSectionReplySchema>;
/** An audit entry a reply asks the section to write. */
export type ConsoleSectionReplyAudit = z.infer<typeof consoleSectionReplyAuditSchema>;
