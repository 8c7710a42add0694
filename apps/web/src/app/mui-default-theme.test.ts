// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lazyObject, MUI_DEFAULT_THEME, muiLazyDefaultThemes } from '../../vite.config';

describe("MUI's default themes, made only when read (vite.config.ts, issue 40)", () => {
  it('a lazy object is made at its first read, once, and reads as the object', () => {
    const make = vi.fn(() => ({ palette: { mode: 'light' }, spacing: 8 }));
    const theme = lazyObject(make);
    expect(make).not.toHaveBeenCalled();
    expect(theme.spacing).toBe(8);
    expect('palette' in theme).toBe(true);
    expect(Object.keys(theme)).toEqual(['palette', 'spacing']);
    expect({ ...theme }).toEqual({ palette: { mode: 'light' }, spacing: 8 });
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("rewrites both of MUI's modules that make one, and the result still makes a theme", () => {
    const require = createRequire(import.meta.url);
    const plugin = muiLazyDefaultThemes();
    const transform = plugin.transform as (code: string, id: string) => string | null;
    const material = path.dirname(require.resolve('@mui/material/package.json'));
    for (const module of ['styles/defaultTheme.mjs', 'Box/Box.mjs']) {
      const id = path.join(material, module);
      const code = readFileSync(id, 'utf8');
      expect(MUI_DEFAULT_THEME.files.test(id), module).toBe(true);
      // An MUI update that makes its default theme otherwise fails here, not silently.
      expect(code, module).toContain(MUI_DEFAULT_THEME.made);
      const rewritten = transform.call({ error: (text: string) => expect.fail(text) }, code, id)!;
      expect(rewritten).not.toContain(MUI_DEFAULT_THEME.made);
      // The rewritten line, run: no theme until read, then MUI's own.
      const from = rewritten.indexOf('const defaultTheme = (');
      const end = ')(() => createTheme());';
      const line = rewritten.slice(from, rewritten.indexOf(end, from) + end.length);
      const createTheme = vi.fn(() => ({ spacing: () => '8px' }));
      const theme = new Function('createTheme', `${line}\nreturn defaultTheme;`)(createTheme);
      expect(createTheme).not.toHaveBeenCalled();
      expect(theme.spacing()).toBe('8px');
      expect(createTheme).toHaveBeenCalledTimes(1);
    }
  });
});
