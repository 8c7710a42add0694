import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInGuard } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import { PROBLEM_RESPONSES } from '../api/api-documents';
import type { SessionService } from '../auth/session.service';
import { BackupSlot } from './backup-slot';
import { writeBackup, type BackupSource } from './backup-writer';
import { stallWatchdog } from './stall-watchdog';

export const BACKUP_ROUTE = '/api/v1/backup';
export const BACKUP_STATUS_ROUTE = '/api/v1/backup/status';

/** The archive's file name: the product and the moment, sortable; `.age` when encrypted. */
export function backupFileName(at: Date, encrypted = false): string {
  const name = `quality-audit-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;
  return encrypted ? `${name}.age` : name;
}

export interface BackupRouteDeps {
  sessions: SessionService;
  source: BackupSource;
  /** A download that takes nothing this long is ended (BACKUP_STALL_TIMEOUT_S). */
  stallTimeoutMs: number;
}

/**
 * An administrator downloads a backup of the running installation (docs/operations.md): the
 * same archive as `npm run backup`, streamed as it is written. A backup that fails half-way
 * breaks the download (it has no manifest, so a restore refuses it). One at a time; an API token
 * only with its `backup` scope, since the archive holds password hashes and webhook secrets.
 */
export function registerBackupRoutes(
  app: FastifyInstance,
  { sessions, source, stallTimeoutMs }: BackupRouteDeps,
): void {
  const { requirePerson, requirePermission, tokenOf } = signedInGuard(sessions);
  const requireAdmin = requirePermission(
    'installation.backup',
    'Only administrators download backups',
    'backup.adminOnly',
  );
  const requireBackupScope = async (req: FastifyRequest) => {
    const token = tokenOf(req);
    if (token && !token.backup) {
      throw new AppError('forbidden', 'this API token has no backup scope', undefined, undefined, {
        key: 'apiToken.noBackupScope',
      });
    }
  };
  const guards = [requirePerson, requireAdmin, requireBackupScope];
  const slot = new BackupSlot();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    BACKUP_STATUS_ROUTE,
    {
      onRequest: guards,
      schema: {
        tags: ['operations'],
        summary: 'Whether a backup is being made now (administrators)',
        operationId: 'backup_status',
        description: 'One backup at a time: while one runs, a download answers 409.',
        response: {
          200: z.object({ running: z.boolean(), since: z.string().nullable() }),
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const since = slot.runningSince;
      return { running: since !== null, since: since?.toISOString() ?? null };
    },
  );

  api.get(
    BACKUP_ROUTE,
    {
      onRequest: guards,
      // A HEAD would make a whole backup to send none of it.
      exposeHeadRoute: false,
      // Compressed where it pays already (backup-archive.ts); the server's CPU is for its users.
      compress: false,
      schema: {
        tags: ['operations'],
        summary: 'Download a backup of the installation (administrators)',
        operationId: 'backup_download',
        description:
          'A tar of one consistent moment: every table, every stored file and a ' +
          'manifest with counts and SHA-256 hashes; no live sessions. Encrypted with age ' +
          '(`.tar.age`) when BACKUP_AGE_RECIPIENTS is set. Restore it with `npm run restore`. ' +
          'With an API token only if it was created with the `backup` scope. One at a time ' +
          '(409 while another runs); a download that takes nothing for BACKUP_STALL_TIMEOUT_S ' +
          'is ended.',
        response: {
          200: {
            description: 'The archive, streamed.',
            content: {
              'application/x-tar': { schema: z.string().meta({ format: 'binary' }) },
              'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...PROBLEM_RESPONSES,
          409: PROBLEM_RESPONSES[400],
        },
      },
    },
    async (req, reply) => {
      const started = new Date();
      const release = slot.take(started);
      if (!release) {
        throw new AppError('conflict', 'a backup is being made already', undefined, undefined, {
          key: 'backup.busy',
        });
      }
      // Free once the response is out (a client may ask for the next one the moment it has the
      // last byte) or the backup has ended, whichever comes first.
      reply.raw.once('finish', release).once('close', release);
      const output = stallWatchdog(stallTimeoutMs);
      // Ended by the watchdog (or a failed backup): the client must see a broken download, and
      // the error is the backup's to report (below), not an unhandled one.
      output.once('error', () => reply.raw.destroy());
      writeBackup(source, output)
        .then(
          (manifest) =>
            req.log.info(
              { files: manifest.files.count, tables: manifest.tables },
              'backup downloaded',
            ),
          (err: unknown) => req.log.error({ err }, 'backup failed'),
        )
        .finally(release);
      const encrypted = Boolean(source.encryption);
      return (
        reply
          .header('content-type', encrypted ? 'application/octet-stream' : 'application/x-tar')
          .header(
            'content-disposition',
            `attachment; filename="${backupFileName(started, encrypted)}"`,
          )
          .header('cache-control', 'no-store')
          // A stream, which the binary schema cannot type.
          .send(output as unknown as string)
      );
    },
  );
}
