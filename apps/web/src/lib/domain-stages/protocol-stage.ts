// Stage 3 of loadDomain: the sync protocol's schemas (ops, queries, messages).
export { mutationSchema } from '@qa/sync';
