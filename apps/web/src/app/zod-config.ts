import { config } from 'zod';

/**
 * The domain's schemas run without zod's compiled fast path in the browser. To find out whether
 * it may compile, zod tries `new Function`, which our Content-Security-Policy (script-src
 * 'self', no 'unsafe-eval') refuses: the refusal is caught, but the browser still reports a CSP
 * violation for every page load (Lighthouse: "Issues were logged"). Set before any schema is
 * used; the app validates small documents, where the fast path gains nothing noticeable.
 */
config({ jitless: true });
