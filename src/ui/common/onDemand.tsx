import { lazy, Suspense, type ComponentType } from 'react';
import { withStrings, type OnDemandNamespace } from '../../i18n/i18n.ts';

/**
 * A component whose code and strings load when it first renders, showing nothing until both are here. Screens'
 * parts that the first screen does not show load this way, so the first load ships only what it shows
 * (docs/performance.md). `namespaces` are the on-demand string namespaces the component's code uses.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly OnDemandNamespace[],
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await withStrings(load(), namespaces) }));
  const OnDemand = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return OnDemand;
}
