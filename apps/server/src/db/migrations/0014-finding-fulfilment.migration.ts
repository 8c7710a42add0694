import { fillFindingFulfilment } from '@qa/domain';
import type { Kysely } from 'kysely';
import { rewriteConfigSegment } from '../config-segment-migration';

/**
 * Issue 34 (decision 67): the stored `finding` configuration segment gets each scored finding
 * type's degree of fulfilment written out, so the configuration editor shows what the
 * compliance schema counts. A segment that already has the field stays as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteConfigSegment(db, 'finding', fillFindingFulfilment);
}
