// Stage 2 of loadDomain: the replicated document's schema (the first schemas zod builds, which
// set up its schema classes).
export { replicatedDocumentSchema } from '@qa/sync';
