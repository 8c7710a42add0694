import { defaultConfigurationDocuments, defaultStandardDocuments } from '@qa/domain';
import { documentKey } from '@qa/sync';
import type { DocumentsRepository } from './documents.repository';

/**
 * First-start data of the sync engine: the default configuration, one document per segment
 * (SPEC section 3 "Configuration"), and the seven default standards (SPEC section 9), written
 * through the change log like any other write so subscribers and resuming clients see them.
 * Only missing documents are written: an admin's edits survive restarts, a segment or standard
 * added by a later version appears on its next start, and a deleted one (its tombstone is
 * still stored) does not come back.
 */
export async function seedDefaultDocuments(
  documents: DocumentsRepository,
  now: string = new Date().toISOString(),
): Promise<string[]> {
  const defaults = [...defaultConfigurationDocuments(), ...defaultStandardDocuments()];
  return documents.transaction(async () => {
    let seq = await documents.lockLog();
    const existing = new Set(
      (await documents.findMany(defaults)).map((doc) => documentKey(doc.collection, doc.id)),
    );
    const written: string[] = [];
    for (const doc of defaults) {
      const key = documentKey(doc.collection, doc.id);
      if (existing.has(key)) continue;
      seq += 1;
      await documents.write(
        { ...doc, version: 1, deleted: false, updatedAt: now },
        seq,
        null,
        null,
      );
      written.push(key);
    }
    if (written.length > 0) await documents.setLastSequence(seq);
    return written;
  });
}
