import { useMatches } from 'react-router';
import type { AppRoute, RouteHandle } from './routes.ts';

/** The deepest matched route of the table, or undefined on the catch-all. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
