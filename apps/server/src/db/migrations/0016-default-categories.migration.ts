import { replaceShippedVdaCategories } from '@qa/domain';
import type { Kysely } from 'kysely';
import { rewriteConfigSegment } from '../config-segment-migration';

/**
 * Issue 34 (decision 75): the `categories` segment as earlier releases shipped it (the VDA 6.3
 * process elements) becomes the new general default, so an ordinary audit's questions are no
 * longer filed under VDA elements. A segment an administrator changed stays as it is; VDA
 * audits offer their process elements whatever the segment holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteConfigSegment(db, 'categories', replaceShippedVdaCategories);
}
