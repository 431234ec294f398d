import { describe, expect, it } from '@jest/globals';
import { parseJsonAnswer } from './json-answer.ts';
import { namespaceResourcesSchema, pageDataAnswerSchema, type PagePayload } from './hydration.ts';

const readPageDataAnswer = (value: unknown) => parseJsonAnswer(pageDataAnswerSchema, value);

const PAYLOAD: PagePayload = {
  status: 200,
  match: { route: 'blog', locale: 'fr', params: { page: '2' }, pageName: 'blog' },
  head: { title: 'Guides', description: 'All guides' },
  data: { anything: ['the page reads it'] },
  namespaces: ['common', 'blog'],
  unavailable: [],
};

describe('a client navigation’s page data', () => {
  it('reads a page, and a same-site redirect', () => {
    expect(readPageDataAnswer({ payload: PAYLOAD })).toEqual({ payload: PAYLOAD });
    expect(readPageDataAnswer({ payload: { ...PAYLOAD, match: null, status: 404 } })).toEqual({ payload: { ...PAYLOAD, match: null, status: 404 } });
    expect(readPageDataAnswer({ redirect: '/fr/login' })).toEqual({ redirect: '/fr/login' });
  });

  it.each([
    ['an unknown route', { ...PAYLOAD, match: { ...PAYLOAD.match, route: 'admin' } }],
    ['an unknown locale', { ...PAYLOAD, match: { ...PAYLOAD.match, locale: 'xx' } }],
    ['path parameters that are not text', { ...PAYLOAD, match: { ...PAYLOAD.match, params: { page: 2 } } }],
    ['no head title', { ...PAYLOAD, head: { description: 'd' } }],
    ['namespaces that are not a list of names', { ...PAYLOAD, namespaces: 'common' }],
    ['an unknown remote among the unavailable', { ...PAYLOAD, unavailable: ['mf-evil'] }],
    ['no status', { ...PAYLOAD, status: '200' }],
  ])('is nothing for a payload with %s', (_label, payload) => {
    expect(readPageDataAnswer({ payload })).toBeNull();
  });

  it('is nothing for an answer that is neither a page nor a redirect', () => {
    expect(readPageDataAnswer({})).toBeNull();
    expect(readPageDataAnswer({ redirect: 42 })).toBeNull();
    expect(readPageDataAnswer('<html>')).toBeNull();
    expect(readPageDataAnswer(null)).toBeNull();
  });
});

describe('a translation namespace', () => {
  it('is the resources when the answer is an object, else nothing', () => {
    expect(parseJsonAnswer(namespaceResourcesSchema, { heading: 'Guides', nav: { posts: 'Posts' } })).toEqual({
      heading: 'Guides',
      nav: { posts: 'Posts' },
    });
    expect(parseJsonAnswer(namespaceResourcesSchema, ['heading'])).toBeNull();
    expect(parseJsonAnswer(namespaceResourcesSchema, null)).toBeNull();
  });
});
