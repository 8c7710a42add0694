// Stage 1 of loadDomain: zod itself (zod/mini, the API the domain uses). One function,
// not the `z` namespace, which would bring every schema type zod has into the app.
export { string } from 'zod/mini';
