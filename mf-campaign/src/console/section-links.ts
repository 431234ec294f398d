/** The section's address in the console (`/console/<squad>/<section>`). */
export const SECTION_BASE = '/console/campaign/campaigns';
/** Where the host serves the section's previews. */
export const PREVIEW_BASE = '/console/preview/campaigns';

/** A campaign's page in the section. */
export const campaignHref = (id: string, query: Record<string, string> = {}) => `${SECTION_BASE}/campaign?${new URLSearchParams({ id, ...query })}`;
