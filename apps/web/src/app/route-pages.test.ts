import { describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from './route-pages';
import { MODULES, routes } from './router';

describe('the route pages (route-pages.ts)', () => {
  it('name only modules the router can load, and every one it loads', () => {
    const named = new Set<string>(ROUTE_PAGES.flatMap((page) => page.modules));
    expect([...named].filter((module) => !(module in MODULES))).toEqual([]);
    expect(Object.keys(MODULES).filter((module) => !named.has(module))).toEqual([]);
  });

  it("list every lazily loaded route of the router's table, by its full path", () => {
    const lazyPaths: string[] = [];
    const walk = (list: typeof routes, parent: string) => {
      for (const route of list) {
        const full = route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`;
        const path = route.path === undefined ? parent : full.replace(/\/+/g, '/');
        if (route.lazy) lazyPaths.push(path.replace(/\/\*\/\*$/, '/*'));
        walk(route.children ?? [], path);
      }
    };
    walk(routes, '');
    expect(lazyPaths.sort()).toEqual(ROUTE_PAGES.map((page) => page.path).sort());
  });
});
