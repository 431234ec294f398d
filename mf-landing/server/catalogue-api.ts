import { SERVICE_GROUPS, type ServiceCatalogueDto } from '@reelkeep/shared-contracts';
import { respondJson, type PluginRoute } from '@reelkeep/platform/server-plugin';
import { listServicesByGroup } from '../src/catalogue/services.ts';

/** Path of the generic adult-downloader page (spec §2 route table). */
export const ADULT_PAGE_PATH = '/adult-downloader';

/** Builds the navigation view of the catalogue; the adult group can be switched off (decisions.md). */
export function buildCatalogueDto(adultEnabled: boolean): ServiceCatalogueDto {
  return {
    groups: SERVICE_GROUPS.filter((group) => adultEnabled || group !== 'adult').map((group) => ({
      id: group,
      services: listServicesByGroup(group).map(({ slug, name }) => ({ slug, name })),
    })),
    adultPage: adultEnabled ? ADULT_PAGE_PATH : null,
  };
}

/** `GET /api/landing/catalogue`: the service catalogue for navigation. */
export const catalogueRoute: PluginRoute = {
  method: 'GET',
  path: '/api/landing/catalogue',
  handle: (_request, { config }) => respondJson(buildCatalogueDto(config.CATALOGUE_ADULT_ENABLED), 200, { 'cache-control': 'public, max-age=300' }),
};
