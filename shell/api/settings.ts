import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_ORIGINS, parsePushServiceOrigin, PUSH_SERVICE_ORIGIN_PATTERN } from './push-endpoint-rules.ts';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The shell squad's own settings (docs/configuration.md "Configuration"), read by the host for this squad only. */
export const siteSettings = z
  .object({
    /** Newsletter sign-ups one client address may make in 10 minutes. */
    NEWSLETTER_RATE_LIMIT: count(5),
    /** Tracking events one client address may send a minute. */
    TRACKING_RATE_LIMIT: count(120),
    /** Minutes a tracking session lasts after its last event. */
    TRACKING_SESSION_MIN: count(30),
    /** VAPID key pair of web push (base64url, as `web-push generate-vapid-keys` prints it); both or neither. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
      .optional(),
    /** Who the push services may contact about our messages (`mailto:` or `https:`); CONTACT_EMAIL when unset. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: URL')
      .optional(),
    /**
     * docs/tracking.md "Visitor cookies": the request header in which the edge in front of the site names the visitor's
     * country (`cf-ipcountry` behind Cloudflare, a GeoIP module's header behind nginx); unset, no country cookie is written.
     */
    COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name')
      .optional(),
    /** Subscriptions one client address may report in 10 minutes. */

    PUSH_RATE_LIMIT: count(20),
    /**
     * docs/push.md "Push services": comma-separated https origins a subscription's endpoint must be at
     * (`https://*.` covers a host's subdomains); the browsers' push services by default. Whatever it lists,
     * nothing is ever sent to an address that is not public.
     */
    PUSH_SERVICE_ORIGINS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_ORIGINS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                PUSH_SERVICE_ORIGIN_PATTERN,
                'a comma-separated list of https origins (https://fcm.googleapis.com, https://*.notify.windows.com)',
              ),
          )
          .min(1)
          .max(50),
      )
      .transform((entries) => entries.map(parsePushServiceOrigin)),
  })
  .refine((settings) => (settings.VAPID_PUBLIC_KEY === undefined) === (settings.VAPID_PRIVATE_KEY === undefined), {
    message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    path: ['VAPID_PRIVATE_KEY'],
  });

/** The shell squad's settings. */
export type SiteSettings = z.infer<typeof siteSettings>;
