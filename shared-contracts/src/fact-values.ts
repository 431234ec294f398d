/**
 * The product facts every translation may name (docs/content.md "Product facts"), kept apart from the service
 * table so the translator every page loads carries two words, not the whole sheet (`product-facts.ts`).
 */

/** Qualities a service's best download can have, lowest first. */
export const VIDEO_QUALITIES = ['720p', '1080p', '4K'] as const;
/** One of them. */
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** The best quality most services reach ("up to 1080p"): the commonest `maxQuality` of the sheet, pinned by its test. */
export const USUAL_QUALITY: VideoQuality = '1080p';
/** The best quality any service reaches ("4K where the service offers it"), pinned by the sheet's test. */
export const BEST_QUALITY: VideoQuality = '4K';

/** The facts a translation names as `{{facts.usual_quality}}` and `{{facts.best_quality}}`. */
export const TEXT_FACTS: Readonly<Record<string, string>> = { usual_quality: USUAL_QUALITY, best_quality: BEST_QUALITY };
