import { AUDITS_COLLECTION, PEOPLE_COLLECTION } from '@qa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../sync/change-feed';
import type { FilesService } from './files.service';

/**
 * Files go with their audit, and avatars with their person: when an audit or a people document
 * becomes a tombstone (the change feed, on every server instance) its files are deleted (a
 * person's only if they are gone: no record either), and a sweep at start catches the audits
 * and people deleted while this server was down or its feed missed them. One deletion at a
 * time, in order.
 */
export class FileCollector {
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly files: Pick<
      FilesService,
      'deleteFilesOfAudits' | 'deleteFilesOfGonePeople' | 'collectOrphans'
    >,
    private readonly log: FastifyBaseLogger,
  ) {}

  follow(feed: Pick<ChangeFeed, 'subscribe'>): void {
    this.unsubscribe = feed.subscribe((changes) => {
      const deleted = new Set<string>();
      const people = new Set<string>();
      for (const { document } of changes) {
        if (!document.deleted) continue;
        if (document.collection === AUDITS_COLLECTION) deleted.add(document.id);
        if (document.collection === PEOPLE_COLLECTION) people.add(document.id);
      }
      if (deleted.size > 0) void this.enqueue(() => this.files.deleteFilesOfAudits([...deleted]));
      if (people.size > 0) void this.enqueue(() => this.files.deleteFilesOfGonePeople([...people]));
    });
  }

  /** Deletes the files of every audit no longer stored live; resolves when done. */
  sweep(): Promise<void> {
    return this.enqueue(() => this.files.collectOrphans());
  }

  /** Stops following and waits for the deletions under way (before the database closes). */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.queue;
  }

  private enqueue(work: () => Promise<number>): Promise<void> {
    this.queue = this.queue.then(async () => {
      try {
        const deleted = await work();
        if (deleted > 0)
          this.log.info({ files: deleted }, 'files of deleted audits or people removed');
      } catch (err) {
        // Left for the next deletion or start: the rows stay until their bytes are gone.
        this.log.error({ err }, 'removing files of deleted audits or people failed');
      }
    });
    return this.queue;
  }
}
