// Stage 1 of loadDomain: zod and the sync protocol's schemas.
export { mutationSchema } from '@qa/sync';
