import { findVialDemo } from '../virtual-keyboard/demoKeyboards.ts';

/**
 * Fetches the code of the demo a link asks for (`?virtual=vial-demo`, `?virtual=zmk-demo`) as the app's chunk
 * finishes evaluating, not once the runtime's start asks for it (issue 43): the start is a task of its own that
 * builds the stores first (tens of ms at 1× CPU, more on a slow phone), and each level of the demo's code is a
 * round trip. The start asks for the same code again and finds it on its way (the module map and the preload
 * helper keep one of each). The Vial definition's schema check, the largest file of its path and needed last, is
 * asked for first: asked for with the rest of the path it queued behind eight smaller files (an HTTP/1.1 host
 * serves six at a time). Nothing where the browser has no WebHID: the app starts no keyboard there (an override
 * to try anyway is rare, and then the start fetches as it always did). Says which family's demo it fetched.
 */
export function preloadRequestedDemo(search: string): 'vial' | 'zmk' | null {
  if (!('hid' in navigator)) return null;
  const id = new URLSearchParams(search).get('virtual') ?? '';
  const vial = findVialDemo(id);
  const code = vial
    ? [
        import('../definitions/generated/keyboardDefinitionV2.js'),
        import('../families/vialStart.ts').then((m) => m.loadVialDemo(vial.vialProtocol)),
      ]
    : id.startsWith('zmk-')
      ? [import('./zmkStart.ts').then((m) => m.loadZmkConnections())]
      : [];
  for (const loading of code) loading.catch(() => undefined /* the start asks again, and reports */);
  return vial ? 'vial' : code.length ? 'zmk' : null;
}
