import type { LoaderFunction, RouteObject } from 'react-router';
import { Root } from './app/Root.tsx';

/**
 * React Router's route objects for the server render: one route whose loader matches the shell's route
 * table (routing/route-table.ts), runs the remote's loader and may answer a redirect.
 */
export function createRouteObjects(loader: LoaderFunction): RouteObject[] {
  return [{ id: 'root', path: '*', loader, Component: Root }];
}
