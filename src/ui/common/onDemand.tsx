import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code loads when it first renders, showing nothing until then. Screens' parts that the
 * first screen does not show load this way, so the first load ships only what it shows (docs/performance.md).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  const OnDemand = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return OnDemand;
}
