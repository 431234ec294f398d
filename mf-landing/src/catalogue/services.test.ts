import { describe, expect, it } from '@jest/globals';
import { SERVICE_FACTS } from '@reelkeep/shared-contracts/product-facts';
import { SERVICES, findService, listServicesByGroup, readServiceCatalogue, type ServiceGroup } from './services.ts';
import catalogue from './services.json' with { type: 'json' };

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

describe('readServiceCatalogue', () => {
  const netflix = { slug: 'netflix', name: 'Netflix', regions: ['global'], content: 'films-and-series' };
  const withHot = (hot: unknown[]) => ({ ...catalogue, hot });

  it('reads the content file in navigation order, each service tagged with its group', () => {
    expect(readServiceCatalogue(catalogue).map((service) => [service.slug, service.group])).toEqual(
      SERVICES.map((service) => [service.slug, service.group]),
    );
    expect(SERVICES.map((service) => service.group)).toEqual(
      [...SERVICES.map((service) => service.group)].sort((a, b) => GROUPS.indexOf(a) - GROUPS.indexOf(b)),
    );
  });

  it.each([
    ['a slug with capitals', withHot([{ ...netflix, slug: 'Netflix' }])],
    ['a region that is no country code', withHot([{ ...netflix, regions: ['usa'] }])],
    ['no region', withHot([{ ...netflix, regions: [] }])],
    ['an unknown kind of content', withHot([{ ...netflix, content: 'podcasts' }])],
    ['a field the schema does not know', withHot([{ ...netflix, price: 1 }])],
    ['a missing group', { hot: catalogue.hot, tv: catalogue.tv, anime: catalogue.anime }],
    ['an unknown group', { ...catalogue, radio: [netflix] }],
  ])('refuses %s', (_case, content) => {
    expect(() => readServiceCatalogue(content)).toThrow();
  });

  it('refuses a service listed twice, and one the product fact sheet lacks', () => {
    expect(() => readServiceCatalogue(withHot([...catalogue.hot, netflix]))).toThrow('netflix is listed twice');
    expect(() => readServiceCatalogue(withHot([{ ...netflix, slug: 'not-a-service' }]))).toThrow('not-a-service has no entry');
  });
});
