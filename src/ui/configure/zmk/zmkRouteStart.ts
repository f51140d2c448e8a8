import { preloadZmkScreenStrings } from '../../../i18n/zmkScreenStrings.ts';

/**
 * The ZMK screen's starter chunk (issue 43): imported from here rather than from the first screen's chunk, the
 * screen is fetched with its whole import list at once instead of level by level (see app/zmkStart.ts), and its
 * English strings beside it (i18n/zmkScreenStrings.ts).
 */
export const loadZmkRoute = () => {
  preloadZmkScreenStrings();
  return import('./ZmkRoute.tsx');
};
