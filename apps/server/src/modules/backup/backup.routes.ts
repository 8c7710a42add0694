import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInGuard } from '../../http/request-guards';
import { PROBLEM_RESPONSES } from '../api/api-documents';
import type { SessionService } from '../auth/session.service';
import { writeBackup, type BackupSource } from './backup-writer';

export const BACKUP_ROUTE = '/api/v1/backup';

/** The archive's file name: the product and the moment, sortable. */
export function backupFileName(at: Date): string {
  return `quality-audit-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;
}

/**
 * An administrator downloads a backup of the running installation (docs/operations.md): the
 * same archive as `npm run backup`, streamed as it is written. A backup that fails half-way
 * breaks the download (it has no manifest, so a restore refuses it).
 */
export function registerBackupRoutes(
  app: FastifyInstance,
  { sessions, source }: { sessions: SessionService; source: BackupSource },
): void {
  const { requirePerson, requirePermission } = signedInGuard(sessions);
  const requireAdmin = requirePermission(
    'installation.backup',
    'Only administrators download backups',
    'backup.adminOnly',
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    BACKUP_ROUTE,
    {
      onRequest: [requirePerson, requireAdmin],
      // Compressed where it pays already (backup-archive.ts); the server's CPU is for its users.
      compress: false,
      schema: {
        tags: ['operations'],
        summary: 'Download a backup of the installation (administrators)',
        operationId: 'backup_download',
        description:
          'A tar of one consistent moment: every table, every stored file and a ' +
          'manifest with counts and SHA-256 hashes. Restore it with `npm run restore`.',
        response: {
          200: {
            description: 'The archive, streamed.',
            content: { 'application/x-tar': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (req, reply) => {
      const output = new PassThrough();
      const started = new Date();
      writeBackup(source, output).then(
        (manifest) =>
          req.log.info(
            { files: manifest.files.count, tables: manifest.tables },
            'backup downloaded',
          ),
        (err: unknown) => req.log.error({ err }, 'backup failed'),
      );
      return (
        reply
          .header('content-type', 'application/x-tar')
          .header('content-disposition', `attachment; filename="${backupFileName(started)}"`)
          .header('cache-control', 'no-store')
          // A stream, which the binary schema cannot type.
          .send(output as unknown as string)
      );
    },
  );
}
