import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { SessionService } from '../auth/session.service';
import type { ChangeFeed } from '../sync/change-feed';
import type { DocumentsRepository } from '../sync/documents.repository';
import { FileCollector } from './file-collector';
import { PeopleRepository } from '../people/people.repository';
import { FileParents } from './file-parents';
import { FilesRepository } from './files.repository';
import { registerFileRoutes } from './files.routes';
import { FilesService } from './files.service';
import { filesFolderOf, LocalDiskFileStorage } from './local-disk-file-storage';
import { DEFAULT_UPLOAD_TIME_LIMITS, type UploadTimeLimits } from './upload-guard';

export interface FilesSetup {
  sessions: SessionService;
  database: Database;
  /** Read only: the audits (and people) files belong to. */
  documents: Pick<DocumentsRepository, 'findMany'>;
  feed: Pick<ChangeFeed, 'subscribe'>;
  dataDir: string;
  trustedOrigins: readonly string[];
  /** UPLOAD_QUOTA_BYTES. */
  quotaBytes: number;
  /** Time limits of upload bodies (tests use small ones). */
  limits?: Partial<UploadTimeLimits>;
  /** Told the size of every file stored (metrics). */
  onStored?: (bytes: number) => void;
}

/**
 * The files module on the local disk (`DATA_DIR/files`): removes what a crash left of uploads,
 * deletes the files of audits deleted meanwhile and follows later deletions, then takes
 * requests. Stops following when the server closes, before the database does.
 */
export async function registerFiles(
  app: FastifyInstance,
  setup: FilesSetup,
): Promise<FilesService> {
  const storage = new LocalDiskFileStorage(filesFolderOf(setup.dataDir));
  const removed = await storage.removeIncomplete();
  if (removed > 0) app.log.info({ files: removed }, 'unfinished uploads removed');

  const people = new PeopleRepository(setup.database);
  const files = new FilesService(
    new FilesRepository(setup.database),
    storage,
    new FileParents(setup.documents, (ids) => people.existingIds(ids)),
    { quotaBytes: setup.quotaBytes, ...(setup.onStored ? { onStored: setup.onStored } : {}) },
  );
  const collector = new FileCollector(files, app.log);
  // Following first: an audit deleted during the sweep is caught by one or the other.
  collector.follow(setup.feed);
  await collector.sweep();
  // preClose: onClose hooks run last-added first, so the database would be closed already.
  app.addHook('preClose', () => collector.close());

  await registerFileRoutes(app, {
    sessions: setup.sessions,
    files,
    trustedOrigins: setup.trustedOrigins,
    limits: { ...DEFAULT_UPLOAD_TIME_LIMITS, ...setup.limits },
  });
  return files;
}
