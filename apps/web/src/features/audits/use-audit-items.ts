import { AUDIT_ITEMS_COLLECTION, AUDITS_COLLECTION } from '@qa/domain';
import { useDocument } from '../../lib/sync/use-document';
import { useQuery } from '../../lib/sync/use-query';

/** One audit and its items, live from the replica: what every phase tab starts from. */
export function useAuditWithItems(auditId: string) {
  const { document: audit, loading: auditLoading } = useDocument(AUDITS_COLLECTION, auditId);
  const { documents, loading: itemsLoading } = useQuery({
    collection: AUDIT_ITEMS_COLLECTION,
    filters: [{ path: ['auditId'], op: '==', value: auditId }],
  });
  return { audit, auditLoading, documents, itemsLoading };
}
