import type { LoaderFunction, RouteObject } from 'react-router';
import { Root } from './Root.tsx';

/** The router's one route: the shell's own route table (routing/route-table.ts) is matched in its loader. */
export function createRouteObjects(loader: LoaderFunction): RouteObject[] {
  return [{ id: 'root', path: '*', loader, Component: Root, shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href }];
}
