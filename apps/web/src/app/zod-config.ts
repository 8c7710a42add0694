/**
 * The domain's schemas run without zod's compiled fast path in the browser. To find out whether
 * it may compile, zod tries `new Function`, which our Content-Security-Policy (script-src
 * 'self', no 'unsafe-eval') refuses: the refusal is caught, but the browser still reports a CSP
 * violation for every page load (Lighthouse: "Issues were logged"). Set before any schema is
 * used; the app validates small documents, where the fast path gains nothing noticeable.
 *
 * Written into zod's global configuration object (what `config()` from 'zod' changes, kept on
 * globalThis so that every copy of zod shares it) instead of calling `config()`: importing zod
 * here would put part of it in the entry, which the sign-in page does not need (issue 18).
 * zod-config.test.ts checks that zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
