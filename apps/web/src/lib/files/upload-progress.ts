/**
 * How far each upload of this browser has got (issue 11: "upload progress per file"). The tab
 * that holds the socket uploads; it tells the other tabs of the same person through a
 * BroadcastChannel, so a thumbnail shows its percentage whichever tab it is in. Kept in memory
 * only: a number that changes several times a second is not worth an IndexedDB write, and once
 * the upload ends the file's kept state (waiting, uploaded, failed) says the rest.
 */
export interface UploadProgress {
  loaded: number;
  total: number;
}

type ProgressMessage = { fileId: string; progress: UploadProgress | null };

/** How long another tab's last figure stands without a newer one (uploads report far more often). */
export const REMOTE_PROGRESS_TTL_MS = 15_000;

export class UploadProgressStore {
  private readonly progress = new Map<string, UploadProgress>();
  private readonly listeners = new Set<() => void>();
  /** Another tab's figures go when that tab stops telling (closed or reloaded mid-upload). */
  private readonly expiries = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly channel: BroadcastChannel | null;

  constructor(channelName: string | null = 'qa-upload-progress') {
    this.channel =
      channelName !== null && typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel(channelName)
        : null;
    if (this.channel) {
      // Node (tests) keeps a process alive for an open channel; a browser has no such method.
      (this.channel as { unref?: () => void }).unref?.();
      this.channel.onmessage = (event: MessageEvent<ProgressMessage>) =>
        this.applyRemote(event.data.fileId, event.data.progress);
    }
  }

  get(fileId: string): UploadProgress | undefined {
    return this.progress.get(fileId);
  }

  /** The upload of `fileId` has sent `loaded` of `total` bytes (null: it ended). */
  report(fileId: string, progress: UploadProgress | null): void {
    this.apply(fileId, progress);
    this.channel?.postMessage({ fileId, progress } satisfies ProgressMessage);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    this.channel?.close();
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }

  private applyRemote(fileId: string, progress: UploadProgress | null): void {
    clearTimeout(this.expiries.get(fileId));
    this.expiries.delete(fileId);
    if (progress !== null) {
      const expire = () => {
        this.expiries.delete(fileId);
        this.apply(fileId, null);
      };
      this.expiries.set(fileId, setTimeout(expire, REMOTE_PROGRESS_TTL_MS));
    }
    this.apply(fileId, progress);
  }

  private apply(fileId: string, progress: UploadProgress | null): void {
    if (progress === null) {
      if (!this.progress.delete(fileId)) return;
    } else this.progress.set(fileId, progress);
    for (const listener of this.listeners) listener();
  }
}

/** Whole percent of an upload, 0 to 100 (an empty body counts as done). */
export function uploadPercent({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** This tab's uploads and the other tabs' (one store per tab). */
export const uploadProgress = new UploadProgressStore();
