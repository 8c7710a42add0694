// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import { catalogPart, LATER_NAMESPACES } from './catalog-parts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/**
 * The modules a first screen loads without waiting for the later texts: the app's entry and the
 * chunks loaded with `{ firstScreen: true }` (chunk-load.ts). Their static imports are followed.
 */
const FIRST_SCREEN_MODULES = [
  'main.tsx',
  'features/auth/sign-in-page.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/audits/audit-matrix-page.tsx',
  'features/audits/audit-matrix-content.tsx',
  'features/audits/audit-page.tsx',
  'features/audits/audit-phase-page.tsx',
  'features/audits/execution/execution-tab.tsx',
  'features/audits/execution/finding-dialog.tsx',
  'features/audits/execution/media/media-viewer.tsx',
  'features/activity/activity-bell.tsx',
  'components/shell/admin-nav-list.tsx',
];

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Every module reached from `start` by static imports inside the app (not `import()`). */
function staticGraph(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = start.map((file) => join(SRC, file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms,
    )) {
      const target = resolveImport(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('the two parts of the texts (decision 86)', () => {
  it('are together the whole catalog, each namespace in one part', () => {
    for (const catalog of [de, en]) {
      const first = catalogPart(catalog, 'first');
      const later = catalogPart(catalog, 'later');
      expect({ ...first, ...later }).toEqual(catalog);
      expect(Object.keys(first).filter((namespace) => namespace in later)).toEqual([]);
    }
    for (const namespace of LATER_NAMESPACES) expect(Object.keys(en)).toContain(namespace);
  });

  it('a first screen uses no text of the later part', () => {
    const modules = staticGraph(FIRST_SCREEN_MODULES);
    expect(modules.size).toBeGreaterThan(100);
    const later = new RegExp(`(['"\`])(${LATER_NAMESPACES.join('|')})\\.[A-Za-z]`);
    const offending = [...modules]
      .filter((file) => later.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offending).toEqual([]);
  });
});
