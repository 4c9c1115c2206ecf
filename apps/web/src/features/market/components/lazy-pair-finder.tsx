import { lazy, Suspense, type ComponentProps } from 'react';

const PairFinder = lazy(() => import('./pair-finder').then((m) => ({ default: m.PairFinder })));

/**
 * The pair finder (tabs, search, the list) for the menus in the page's top bar: loaded when a
 * menu first opens, so the shell every page loads stays within its budget.
 */
export function LazyPairFinder(props: ComponentProps<typeof PairFinder>) {
  return (
    <Suspense fallback={null}>
      <PairFinder {...props} />
    </Suspense>
  );
}
