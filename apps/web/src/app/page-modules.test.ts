import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './page-modules';
import { RequireSession } from './require-session';
import { createRoutes } from './routes';

const sources = import.meta.glob<Record<string, unknown>>('../features/**/*.tsx');

/** Every route with a page module: its full pattern and the lazy loaders on the way to it. */
function pageRoutes(
  routes: readonly RouteObject[],
  parent = '',
  loaders: (() => Promise<unknown>)[] = [],
  guarded = false,
): { pattern: string; loaders: (() => Promise<unknown>)[]; guarded: boolean }[] {
  return routes.flatMap((route) => {
    const pattern = route.path ? `${parent}/${route.path}` : parent;
    const inGuard =
      guarded || (route.element as { type?: unknown } | undefined)?.type === RequireSession;
    const here =
      typeof route.lazy === 'function'
        ? [...loaders, route.lazy as () => Promise<unknown>]
        : loaders;
    const own =
      typeof route.lazy === 'function'
        ? [{ pattern: pattern || '/', loaders: here, guarded: inGuard }]
        : [];
    return [...own, ...pageRoutes(route.children ?? [], pattern, here, inGuard)];
  });
}

async function componentOf(load: () => Promise<unknown>): Promise<unknown> {
  const loaded = (await load()) as { Component?: ComponentType; element?: { type: unknown } };
  return loaded.Component ?? loaded.element?.type;
}

describe('PAGE_MODULES, the page modules each URL opens (for the preload headers)', () => {
  it('names, for every page route of routes.tsx, the modules of its page and its parents', async () => {
    const routes = pageRoutes(createRoutes());
    expect([...new Set(routes.map((route) => route.pattern))].sort()).toEqual(
      [...new Set(PAGE_MODULES.map((entry) => entry.pattern))].sort(),
    );
    for (const route of routes) {
      const entry = PAGE_MODULES.find((candidate) => candidate.pattern === route.pattern)!;
      const exported = await Promise.all(
        entry.modules.map(async (module) => {
          const load = sources[module.replace(/^src\//, '../')];
          expect(load, `${module} exists`).toBeDefined();
          return Object.values(await load!());
        }),
      );
      // Public exactly when no RequireSession is on the way (the server preloads sign-in else).
      expect(entry.public === true, `${route.pattern} public`).toBe(!route.guarded);
      for (const load of route.loaders) {
        expect(exported.flat(), `${route.pattern}`).toContain(await componentOf(load));
      }
    }
  }, 60_000);
});
