import { Suspense } from 'react';
import { usePageModules } from '../federation/page-modules.ts';
import { ROUTE_OWNERS } from '../routing/route-owners.ts';
import { usePagePayload } from '../routing/navigator.ts';
import { ErrorPage, NotFoundPage } from './NotFoundPage.tsx';
import { RemoteBoundary } from './RemoteBoundary.tsx';
import { RemoteFallback } from './RemoteFallback.tsx';

/** Renders the matched remote page, the 404 view, or the fallback of an unavailable remote. */
export function PageOutlet() {
  const payload = usePagePayload();
  const modules = usePageModules();
  const { match } = payload;
  if (!match) return payload.status === 404 ? <NotFoundPage status={404} /> : <ErrorPage status={payload.status} />;
  const remote = ROUTE_OWNERS[match.route].remote;
  const page = payload.unavailable.includes(remote) ? undefined : modules.get(remote)?.pages[match.route];
  if (!page) return <RemoteFallback />;
  const { Component: Page } = page;
  // On the server, a page that throws while rendering turns its Suspense boundary into the fallback
  // (the server answers 503); in the browser the error boundary does the same.
  return (
    <RemoteBoundary remote={remote} key={`${match.route}:${JSON.stringify(match.params)}`}>
      <Suspense fallback={<RemoteFallback />}>
        <Page {...match} data={payload.data as never} />
      </Suspense>
    </RemoteBoundary>
  );
}
