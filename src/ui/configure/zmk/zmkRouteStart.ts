/**
 * The ZMK screen's starter chunk (issue 43): imported from here rather than from the first screen's chunk, the
 * screen is fetched with its whole import list at once instead of level by level (see app/zmkStart.ts).
 */
export const loadZmkRoute = () => import('./ZmkRoute.tsx');
