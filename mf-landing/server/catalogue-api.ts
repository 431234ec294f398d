import { catalogueQuery, categoryListQuery, readInput, respondJson, SERVICE_GROUPS, type ServiceCatalogueDto } from '@reelkeep/shared-contracts';
import type { ApiRoute } from '@reelkeep/platform/host-context';
import { listServicesByGroup } from '../src/catalogue/services.ts';
import type { LandingSettings } from './settings.ts';

/** Path of the generic adult-downloader page (docs/routing.md "Service catalogue"). */
export const ADULT_PAGE_PATH = '/adult-downloader';

const CATALOGUE_CACHE = { 'cache-control': 'public, max-age=300' };

/** Builds the navigation view of the catalogue; the adult group can be switched off (docs/routing.md "Service catalogue"). */
export function buildCatalogueDto(adultEnabled: boolean): ServiceCatalogueDto {
  return {
    groups: SERVICE_GROUPS.filter((group) => adultEnabled || group !== 'adult').map((group) => ({
      id: group,
      services: listServicesByGroup(group).map(({ slug, name }) => ({ slug, name })),
    })),
    adultPage: adultEnabled ? ADULT_PAGE_PATH : null,
  };
}

/** One category of `/category/list`: a group's id, its services' slugs as children. */
export interface CategoryDto {
  uid: string;
  children: { uid: string }[];
}

/** docs/routing.md "Server paths": the categories are the catalogue's groups, each with its services. */
export function buildCategoryList(adultEnabled: boolean): CategoryDto[] {
  return buildCatalogueDto(adultEnabled).groups.map((group) => ({
    uid: group.id,
    children: group.services.map((service) => ({ uid: service.slug })),
  }));
}

/** Every category uid (groups and services), the values the category cookie may hold. */
export function listCategoryUids(adultEnabled: boolean): Set<string> {
  return new Set(buildCategoryList(adultEnabled).flatMap((category) => [category.uid, ...category.children.map((child) => child.uid)]));
}

/** `GET /api/landing/catalogue`: the service catalogue for navigation. */
export const catalogueRoute: ApiRoute<LandingSettings> = {
  method: 'GET',
  path: '/api/landing/catalogue',
  async handle(request, { settings }) {
    const input = await readInput(request, catalogueQuery);
    if (!input.ok) return respondJson({ cscode: input.status, problems: input.problems }, input.status);
    return respondJson(buildCatalogueDto(settings.CATALOGUE_ADULT_ENABLED), 200, CATALOGUE_CACHE);
  },
};

/**
 * `GET /category/list?language=&origin_url=` (docs/routing.md "Server paths"): the categories a visitor can
 * follow, `{ cscode: 200, data: [{ uid, children: [{ uid }] }] }`; the same in every language.
 */
export const categoryListRoute: ApiRoute<LandingSettings> = {
  method: 'GET',
  path: '/category/list',
  async handle(request, { settings }) {
    const input = await readInput(request, categoryListQuery);
    if (!input.ok) return respondJson({ cscode: 400, msg: 'invalid query', problems: input.problems }, 400);
    return respondJson({ cscode: 200, data: buildCategoryList(settings.CATALOGUE_ADULT_ENABLED) }, 200, CATALOGUE_CACHE);
  },
};
