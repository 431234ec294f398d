import { describe, expect, it } from '@jest/globals';
import { SERVICE_FACTS } from '@reelkeep/shared-contracts/product-facts';
import { SERVICES, findService, listServicesByGroup, type ServiceGroup } from './services.ts';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const GROUPS: readonly ServiceGroup[] = ['hot', 'tv', 'anime', 'adult'];

describe('service catalogue', () => {
  it('lists at least 90 services', () => {
    expect(SERVICES.length).toBeGreaterThanOrEqual(90);
  });

  it('uses valid, unique slugs', () => {
    for (const service of SERVICES) {
      expect(service.slug).toMatch(SLUG_PATTERN);
    }
    expect(new Set(SERVICES.map((service) => service.slug)).size).toBe(SERVICES.length);
  });

  it("reads each service's facts from the product fact sheet, which names no other service", () => {
    expect(Object.keys(SERVICE_FACTS).sort()).toEqual(SERVICES.map((service) => service.slug).sort());
    expect(findService('netflix')).toMatchObject(SERVICE_FACTS.netflix!);
  });

  it('uses unique names', () => {
    expect(new Set(SERVICES.map((service) => service.name)).size).toBe(SERVICES.length);
  });

  it('has services in every group', () => {
    for (const group of GROUPS) {
      expect(listServicesByGroup(group).length).toBeGreaterThan(0);
    }
  });

  it('has exactly 6 adult services', () => {
    expect(listServicesByGroup('adult')).toHaveLength(6);
  });
});

describe('findService', () => {
  it('finds a service by its slug', () => {
    expect(findService('netflix')?.name).toBe('Netflix');
  });

  it('returns undefined for an unknown slug', () => {
    expect(findService('nope')).toBeUndefined();
  });
});

describe('listServicesByGroup', () => {
  it('returns only the services of the group', () => {
    const anime = listServicesByGroup('anime');
    expect(anime.length).toBeGreaterThan(0);
    for (const service of anime) {
      expect(service.group).toBe('anime');
    }
  });
});
