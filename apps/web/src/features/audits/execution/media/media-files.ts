import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  getFileUrl,
  keepServerCopy,
  releaseFileUrl,
  serverFileUrl,
  type OfflineFilesDatabase,
  type StoredUploadError,
} from '../../../../lib/files/offline-files';
import { uploadPercent, uploadProgress } from '../../../../lib/files/upload-progress';
import { useOfflineFiles } from '../../../../lib/sync/sync-context';
import type { ExecutionMedia } from '../execution-rows';

/** Where a file kept on this device stands with its upload. */
export type UploadState = 'waiting' | 'uploaded' | 'failed';

export interface FileUpload {
  name: string;
  state: UploadState;
  lastError: StoredUploadError | null;
}

/** The uploads of one audit's files kept on this device, by file id (absent: not kept here). */
export type FileUploads = ReadonlyMap<string, FileUpload>;

const NO_UPLOADS: FileUploads = new Map();

/** What the thumbnails of the execution tab read without re-rendering the rows. */
export const FileUploadsContext = createContext<FileUploads>(NO_UPLOADS);

export function useFileUpload(fileId: string | null): FileUpload | undefined {
  const uploads = useContext(FileUploadsContext);
  return fileId === null ? undefined : uploads.get(fileId);
}

/** Whole percent of the file's upload while it is being sent (any tab of this browser), else null. */
export function useUploadPercent(fileId: string | null): number | null {
  const read = useCallback(() => {
    const progress = fileId === null ? undefined : uploadProgress.get(fileId);
    return progress ? uploadPercent(progress) : null;
  }, [fileId]);
  return useSyncExternalStore(uploadProgress.subscribe, read, () => null);
}

function readUploads(db: OfflineFilesDatabase, auditId: string): Promise<FileUploads> {
  return db.files
    .filter((file) => file.owner?.auditId === auditId)
    .toArray()
    .then(
      (files) =>
        new Map(
          files.map((file) => [
            file.fileId,
            {
              name: file.name,
              state: file.uploaded === 1 ? 'uploaded' : file.failed === 1 ? 'failed' : 'waiting',
              lastError: file.lastError,
            },
          ]),
        ),
    );
}

/**
 * The uploads of an audit's files, live: every tab sees the leader's uploader move a file from
 * waiting to uploaded (or failed) through IndexedDB. `onChange` hears each file that moved.
 */
export function useFileUploads(
  auditId: string,
  onChange?: (fileId: string, upload: FileUpload) => void,
): FileUploads {
  const db = useOfflineFiles();
  const [uploads, setUploads] = useState<FileUploads>(NO_UPLOADS);
  const notify = useRef(onChange);
  useEffect(() => {
    notify.current = onChange;
  });
  useEffect(() => {
    if (!db) return;
    let previous: FileUploads | null = null;
    const subscription = db
      .watch(() => readUploads(db, auditId))
      .subscribe({
        next: (next) => {
          if (previous) {
            for (const [fileId, upload] of next) {
              const before = previous.get(fileId);
              if (before && before.state !== upload.state) notify.current?.(fileId, upload);
            }
          }
          previous = next;
          setUploads(next);
        },
        error: (error: unknown) => console.warn('reading the kept files failed', error),
      });
    return () => subscription.unsubscribe();
  }, [db, auditId]);
  return uploads;
}

/**
 * The URL to show a photo or file: the copy on this device while it waits for upload (so a photo
 * taken offline shows at once), else the server's; an old entry's own URL.
 */
export function useMediaUrl(media: ExecutionMedia): string | null {
  const db = useOfflineFiles();
  const { fileId, url: legacyUrl } = media;
  const [url, setUrl] = useState<string | null>(() =>
    fileId === null ? legacyUrl : db ? null : serverFileUrl(fileId),
  );
  useEffect(() => {
    if (fileId === null) {
      setUrl(legacyUrl);
      return;
    }
    if (!db) {
      setUrl(serverFileUrl(fileId));
      return;
    }
    let current: string | null = null;
    let cancelled = false;
    getFileUrl(db, fileId)
      .then((next) => {
        if (cancelled) releaseFileUrl(next);
        else {
          current = next;
          setUrl(next);
        }
      })
      .catch(() => {
        if (!cancelled) setUrl(serverFileUrl(fileId));
      });
    return () => {
      cancelled = true;
      if (current) releaseFileUrl(current);
    };
  }, [db, fileId, legacyUrl]);
  return url;
}

/**
 * What an image shown from the server does once it has loaded: a copy is kept in this person's
 * files database (deleted on sign-out), so a photo another device took still shows offline.
 */
export function useKeepShownCopy(media: ExecutionMedia, url: string | null): () => void {
  const db = useOfflineFiles();
  const { fileId, name } = media;
  return useCallback(() => {
    if (!db || fileId === null || url === null || url.startsWith('blob:')) return;
    void keepServerCopy(db, fileId, name).catch((error: unknown) =>
      console.warn('keeping a copy of a shown file failed', error),
    );
  }, [db, fileId, name, url]);
}

/** Whether the entry is a picture the page can show (others are offered as a download). */
export function isImage(media: ExecutionMedia): boolean {
  if (media.contentType) return media.contentType.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|bmp)$/i.test(media.name);
}
