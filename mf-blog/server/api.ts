import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { articleDetailRoute, articleListRoute, policyDetailRoute, sitemapRoute } from './articles-api.ts';
import { blogSettings, type BlogSettings } from './settings.ts';

/**
 * The blog squad's API, released with mf-blog (docs/releases.md "A squad's API"): the guide centre's
 * articles, the policies and the sitemap, read from the `content/` folder of the same release.
 */
export default {
  squad: 'blog',
  contractVersion: CONTRACT_VERSION,
  settings: blogSettings,
  routes: [articleListRoute, articleDetailRoute, policyDetailRoute, sitemapRoute],
} satisfies SquadApiModule<BlogSettings>;
