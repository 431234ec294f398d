import { findPageCategories, type Category } from './page-category.ts';
import type { TrackerEnvironment } from './tracker-environment.ts';
import { loadAnswers } from './event-sender.ts';
import type { VisitorIdentity } from './visitor-identity.ts';

/** Where the SDK asks for the categories and writes the category cookie (docs/tracking.md "Categories"). */
const CATEGORY_LIST_PATH = '/category/list';
const CATEGORY_COOKIE_PATH = '/cookie_set';

export interface CategoryMemory {
  /** The categories of the page on screen, most specific last; none until the list has been read. */
  pageCategories(): string[];
  /** docs/tracking.md "Categories": with consent, a page of a category marks the visitor for a day. */
  rememberCategory(): Promise<void>;
}

/** Reads the category list once (with consent) and marks the visitor with the categories of the pages they see. */
export function createCategoryMemory(env: TrackerEnvironment, visitor: VisitorIdentity, locale: string): CategoryMemory {
  let categories: Category[] | null = null;
  return {
    pageCategories: () => (categories ? findPageCategories(env.window.location.pathname, categories) : []),
    async rememberCategory() {
      if (!visitor.consented()) return;
      const pathname = env.window.location.pathname;
      if (!categories) {
        const query = new URLSearchParams({ language: locale, origin_url: pathname });
        const response = await env.fetch(`${CATEGORY_LIST_PATH}?${query}`, { credentials: 'same-origin' });
        if (!response.ok) return;
        const [body, { parseCategoryListAnswer }] = await Promise.all([response.json(), loadAnswers()]);
        const answer = parseCategoryListAnswer(body);
        if (answer?.cscode !== 200 || !answer.data) return;
        categories = answer.data;
      }
      const uids = findPageCategories(pathname, categories);
      if (uids.length > 0)
        await env.fetch(`${CATEGORY_COOKIE_PATH}?${new URLSearchParams({ review_category_page_new: uids.join(',') })}`, {
          credentials: 'same-origin',
        });
    },
  };
}
