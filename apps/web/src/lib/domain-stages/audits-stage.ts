// Stage 6 of loadDomain: the audit and audit item schemas an audit's pages read.
export { auditItemSchema, auditSchema } from '@qa/domain';
