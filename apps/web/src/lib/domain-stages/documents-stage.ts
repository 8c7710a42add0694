// Stage 4 of loadDomain: the domain's documents, collections and permissions.
export { mayReadCollection } from '@qa/domain';
