import { useSyncExternalStore } from 'react';
import { parseHashRoute, type Route } from './routes.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route from `location.hash`, re-rendering on navigation. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, () => parseHashRoute(window.location.hash));
}

/** The whole `location.hash` (a share link's keymap is in it), re-rendering when it changes. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

export function navigate(route: Route): void {
  window.location.hash = route;
}
