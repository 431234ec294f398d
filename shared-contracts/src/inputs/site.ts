import { z } from 'zod';
import { flagInput, localeInput, optional, singleLine, wholeNumber } from '../input-fields.ts';
import { isLocale, type Locale } from '../locales.ts';
import { TRACKING_EVENTS } from '../tracking-contract.ts';

/** Input of the shell's own endpoints (docs/security.md "Input"). */

/**
 * `POST /email/report` (docs/forms.md "Newsletter"): `{email, type: 2}` and the site captcha (`altcha` from a
 * script; `captcha_token` and `captcha_answer` from the page's form without JavaScript); the e-mail's problems
 * (`required`, `format`) are the newsletter's own statuses.
 */
export const newsletterInput = z.object({
  email: z.string().max(512),
  type: z.literal('2'),
  locale: localeInput,
  altcha: optional(singleLine(4000)),
  captcha_token: optional(singleLine(400)),
  captcha_answer: optional(singleLine(40)),
});
/** A newsletter link's token: a confirmation token (random, base64url), or an unsubscribe token (`<id>.<keyed hash>`). */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_.-]{20,120}$/;
const newsletterToken = z.string().regex(NEWSLETTER_TOKEN_PATTERN);
/** `POST /api/site/newsletter/confirm`: the token of the mailed link, from the page's button. */
export const newsletterConfirmInput = z.object({ token: newsletterToken, locale: localeInput });
/**
 * `POST /api/site/newsletter/unsubscribe/<token>` (RFC 8058 one-click): the body `List-Unsubscribe=One-Click`; the
 * page's own button adds its `locale` and is answered with a page (303), a mail client without it with 200.
 */
export const newsletterUnsubscribeInput = z.object({
  'List-Unsubscribe': z.literal('One-Click'),
  locale: z
    .string()
    .max(16)
    .optional()
    .transform((value): Locale | undefined => (value !== undefined && isLocale(value) ? value : undefined)),
});
/** The token in the path of `/api/site/newsletter/unsubscribe/<token>`. */
export const newsletterUnsubscribePath = z.object({ token: newsletterToken });
export const captchaQuery = z.object({ kind: z.enum(['sum', 'pow']).optional() });
export const newsletterPreferenceInput = z.object({ subscribed: flagInput, locale: localeInput });
/** `GET /api/site/visitor-country`: no parameters (anything in the query is ignored). */
export const visitorCountryQuery = z.object({});
export const trackingAdminQuery = z.object({ event: z.enum(TRACKING_EVENTS).optional(), limit: wholeNumber(1, 500).optional() });

/** An envelope is a few hundred bytes; anything near this is not the SDK. */
export const TRACKING_ENVELOPE_MAX_CHARS = 16_384;
const SHORT_TEXT = 200;
const URL_TEXT = 2_048;

// docs/security.md "Input": bounded, one line, no control characters (NUL never reaches the JSON column).
const shortText = singleLine(SHORT_TEXT);
const urlText = singleLine(URL_TEXT);
const count = z.number().int().min(0).max(1_000_000);

/** One tracking event, inside the envelope (docs/tracking.md "Envelope"); unknown fields are dropped (an older or newer SDK still gets its events in). */
export const trackingDataSchema = z.object({
  event: z.enum(TRACKING_EVENTS),
  event_category: shortText.optional(),
  event_label: shortText.optional(),
  event_target: urlText.optional(),
  url: urlText.optional(),
  referer_url: urlText.optional(),
  email: shortText.optional(),
  mac: shortText.optional(),
  token_id: shortText.optional(),
  tmp_token_id: shortText.optional(),
  finger_id: shortText.optional(),
  s_id: shortText.optional(),
  ga_ids: shortText.optional(),
  scroll_height: count.optional(),
  viewport_height: count.optional(),
  viewport_width: count.optional(),
  highest_page_viewed_percent: z.number().min(0).max(100).optional(),
  web_version: singleLine(20).optional(),
  lang_domain: shortText.optional(),
  xargs_request_type: z.enum(['send_beacon', 'axios', 'server']).optional(),
  products: z.array(shortText).max(50).optional(),
  pids: z.array(count).max(50).optional(),
  install: z
    .object({ package_name: shortText.optional(), app_id: shortText.optional(), pid: count.optional(), download_url: urlText.optional() })
    .optional(),
  visit_timestamp: z.number().int().min(0).optional(),
  doc_id: shortText.optional(),
  ab_test_content: shortText.optional(),
  ad: shortText.optional(),
  order_tag: shortText.optional(),
  track_data: urlText.optional(),
  traffic_type: shortText.optional(),
  traffic_category: shortText.optional(),
  elk_category_id: shortText.optional(),
  related_product: shortText.optional(),
  url_type_flag: shortText.optional(),
  ad_channel: shortText.optional(),
  ab_try_list: z
    .array(z.object({ key: shortText, version: shortText, value: shortText, expire_day: count }))
    .max(20)
    .optional(),
});

/** What the browser SDK posts to the tracking endpoint, the data base64-encoded (docs/tracking.md "Envelope"). */
export const trackingEnvelopeSchema = z.object({
  data: z.string().min(2).max(TRACKING_ENVELOPE_MAX_CHARS),
  mode: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((mode) => (Number(mode) === 1 ? 1 : 0)),
  upload_id: z.string().regex(/^[\w-]{8,120}$/),
});

/** A squad's server-side event (`ServerTrackingEvent`, posted to the internal tracking endpoint). */
export const serverTrackingEventInput = z.object({ data: trackingDataSchema, signedIn: z.optional(z.boolean()) });
