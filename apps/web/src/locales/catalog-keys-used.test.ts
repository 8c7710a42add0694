// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSION_ACTIONS } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { catalogHasKey, flattenCatalog } from './flatten-catalog';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const flat = flattenCatalog(en);
const namespaces = new Set(Object.keys(en));
/** A permission action ('audit.create') looks like a key but is the domain's, not a text. */
const permissionActions = new Set<string>(PERMISSION_ACTIONS);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.startsWith('catalog-') ? [path] : [];
  });
}

/**
 * Keys a source uses: t('key'), i18nKey="key", and every string literal shaped like a key of a
 * known namespace (labelKey: 'nav.dashboard', keys picked in a ternary or a lookup table).
 */
function keysIn(source: string): { keys: string[]; dynamic: string[] } {
  const keys = new Set<string>();
  for (const m of source.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) keys.add(m[2]!);
  for (const m of source.matchAll(/\bi18nKey=(['"])([^'"]+)\1/g)) keys.add(m[2]!);
  for (const m of source.matchAll(/(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)\1/g)) {
    if (namespaces.has(m[2]!.split('.')[0]!) && !permissionActions.has(m[2]!)) keys.add(m[2]!);
  }
  // A key built at run time escapes this check: not allowed.
  const dynamic = [...source.matchAll(/\bt\(\s*`[^`]*\$\{/g)].map((m) => m[0]);
  return { keys: [...keys], dynamic };
}

/** JSX text between tags (">Sign in</") is a literal the catalogs do not know. */
function literalJsxText(source: string): string[] {
  return [...source.matchAll(/>\s*([A-Za-zÄÖÜäöüß][^<>{}]*?)\s*<\//g)].map((m) => m[1]!);
}

const files = sourceFiles(SRC);

describe('catalog keys used in the sources', () => {
  it('finds the sources and a fair number of keys (the scan itself works)', () => {
    const all = new Set(files.flatMap((file) => keysIn(readFileSync(file, 'utf8')).keys));
    expect(files.length).toBeGreaterThan(20);
    expect(all.size).toBeGreaterThan(50);
  });

  it('every key used exists in the catalogs', () => {
    const missing = files.flatMap((file) =>
      keysIn(readFileSync(file, 'utf8'))
        .keys.filter((key) => !catalogHasKey(flat, key))
        .map((key) => `${relative(SRC, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('no key is assembled at run time', () => {
    const dynamic = files.flatMap((file) =>
      keysIn(readFileSync(file, 'utf8')).dynamic.map((call) => `${relative(SRC, file)}: ${call}`),
    );
    expect(dynamic).toEqual([]);
  });

  it('no visible text is written into JSX', () => {
    const literals = files
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .flatMap((file) =>
        literalJsxText(readFileSync(file, 'utf8')).map((text) => `${relative(SRC, file)}: ${text}`),
      );
    expect(literals).toEqual([]);
  });

  it('reports a missing key, a dynamic key and a literal (the check can fail)', () => {
    const sample = "t('nav.nope'); t(`nav.${x}`); const k = { labelKey: 'auth.gone' }";
    const { keys, dynamic } = keysIn(sample);
    expect(keys.filter((key) => !catalogHasKey(flat, key))).toEqual(['nav.nope', 'auth.gone']);
    expect(dynamic).toHaveLength(1);
    expect(literalJsxText('<Button>Sign in</Button>')).toEqual(['Sign in']);
    expect(catalogHasKey(flat, 'shell.notifications')).toBe(true);
  });
});
