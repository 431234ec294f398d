import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { ConsoleActor, ConsolePermission } from '@reelkeep/shared-contracts/console';
import type { Database } from '@reelkeep/platform/db';
import type { Logger } from '@reelkeep/platform/logger';
import type { RegistryStore } from '@reelkeep/platform/registry';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { Markup } from './console-html.ts';
import type { ConsoleSectionId } from './console-pages.ts';

/** What a shell section's page or action gets from the console handler: the checks stay the handler's. */
export interface SectionRequest {
  /** The path without a trailing slash (`/console/experiments`). */
  path: string;
  url: URL;
  /** The posted form (a POST whose origin was checked), or null for a page load. */
  form: Request | null;
  /** The query of a page load, as a request for `readInput`. */
  query: Request;
  t: TranslateFunction;
  locale: string;
  siteOrigin: string;
  db: Database;
  logger: Logger;
  registry: RegistryStore;
  releasesDir: string;
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** The host's AB_PLAN_PRICE_OPEN: the price experiment is opened and closed by it, never in the console. */
  priceExperimentOpen: boolean;
  /** This instance's page cache (absent in a test without one). */
  pageCache?: PageCache;
  /** The permission check in front of every page and action: the actor when allowed, else the refusal is sent (null). */
  admit: (permission: ConsolePermission) => Promise<ConsoleActor | null>;
  /** One audit entry, written before the action answers. */
  audit: (actor: ConsoleActor, action: string, target: string, before?: unknown, after?: unknown) => Promise<void>;
  page: (status: number, title: string, content: Markup, actor?: ConsoleActor, current?: ConsoleSectionId) => boolean;
  redirect: (location: string) => boolean;
  problemPage: (status: number, key: string, actor?: ConsoleActor) => boolean;
}

/** A section's handler: true when it answered the request. */
export type SectionHandler = (request: SectionRequest) => Promise<boolean>;
