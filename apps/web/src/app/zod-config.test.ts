import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('zod validates without ever trying `new Function` (a CSP violation in the browser)', async () => {
  const compiled = vi.fn();
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct(target, args: string[]) {
        compiled();
        return Reflect.construct(target, args) as object;
      },
    }),
  );
  await import('./zod-config');
  const { z, config } = await import('zod/mini');
  expect(config().jitless).toBe(true);
  const schema = z.object({ id: z.string(), roles: z.array(z.string()) });
  expect(schema.parse({ id: 'p1', roles: ['qm'] })).toEqual({ id: 'p1', roles: ['qm'] });
  expect(compiled).not.toHaveBeenCalled();
});
