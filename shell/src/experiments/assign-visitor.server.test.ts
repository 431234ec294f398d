import { describe, expect, it } from '@jest/globals';
import { matchPage } from '../page-gate.server.ts';
import { assignVisitor } from './assign-visitor.server.ts';

const visit = (pathname: string, cookieHeader?: string) =>
  assignVisitor({
    cookieHeader,
    query: new URLSearchParams(),
    clientIp: '198.51.100.20',
    page: matchPage(pathname),
    openOverrides: {},
    secure: false,
  });

describe('assignVisitor (docs/experiments.md "Assignment")', () => {
  it.each(['/how-to-download-netflix-videos', '/fr/how-to-download-netflix-videos', '/what-is-reelkeep'])(
    'assigns the guide experiments on the article %s',
    (pathname) => {
      expect(Object.keys(visit(pathname).pageVariants).sort()).toEqual(['resourceBannerAB', 'sidebarAB']);
    },
  );

  it.each(['/', '/store', '/fr/checkout', '/blog/'])('assigns nothing on %s, and keeps what the visitor holds', (pathname) => {
    expect(visit(pathname)).toEqual({ values: {}, pageVariants: {}, setCookies: [] });
    expect(visit(pathname, 'sidebarAB=b').values).toEqual({ sidebarAB: 'b' });
  });

  it('assigns an error page, which no gate matched, nothing new, and keeps what the visitor holds', () => {
    const error = (cookieHeader?: string) =>
      assignVisitor({ cookieHeader, query: new URLSearchParams(), clientIp: '198.51.100.20', page: null, openOverrides: {}, secure: false });
    expect(error()).toEqual({ values: {}, pageVariants: {}, setCookies: [] });
    expect(error('sidebarAB=b').values).toEqual({ sidebarAB: 'b' });
  });
});
