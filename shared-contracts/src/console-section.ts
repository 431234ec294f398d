import { z } from 'zod';

/**
 * How the host hands a console request to a squad's section and what the section answers (docs/console.md
 * "Squad sections"). The host has already checked the origin, the body's size and the permission (read for a page,
 * manage for a form post); it forwards the sub-path, the query, the form body and who acts (`x-console-actor`, the
 * actor as JSON) to the squad's internal route. The squad answers a page (its body as HTML, the host adds the frame),
 * a redirect after a change (with the audit entry the host writes: action, target, before and after), or a preview
 * document's body.
 */

/** The header carrying the acting operator (`consoleActorSchema` as JSON) from the host to a squad's section. */
export const CONSOLE_ACTOR_HEADER = 'x-console-actor';
/** The header carrying the console page's locale from the host to a squad's section. */
export const CONSOLE_LOCALE_HEADER = 'x-console-locale';

/** An audit entry a section's change asks the host to write (docs/console.md "Audit log"). */
export const consoleSectionAuditSchema = z.object({
  action: z.string().regex(/^[a-z]+\.[a-z-]{1,40}$/),
  target: z.string().min(1).max(200),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/** A section's answer. */
export const consoleSectionAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    status: z.number().int().min(200).max(599),
    title: z.string().min(1).max(200),
    html: z.string().max(1_000_000),
  }),
  z.object({
    kind: z.literal('redirect'),
    location: z.string().regex(/^\/console\/[\w/?=&.%-]{0,400}$/),
    audit: consoleSectionAuditSchema.optional(),
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

/** A section's answer. */
export type ConsoleSectionAnswer = z.infer<typeof consoleSectionAnswerSchema>;
/** An audit entry a section asks for. */
export type ConsoleSectionAudit = z.infer<typeof consoleSectionAuditSchema>;
