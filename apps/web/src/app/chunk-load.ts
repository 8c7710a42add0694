import { lazy, type ComponentType } from 'react';
import { whenTextsComplete } from '../lib/i18n/catalogs';

/** SPEC section 9: a route chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route's code could not be loaded (offline before it was cached, a new deploy, a timeout). */
export class ChunkLoadError extends Error {
  constructor(
    /** 'timeout' or 'error', shown to help support (SPEC section 8: "with type and request"). */
    readonly type: 'timeout' | 'error',
    /** The chunk URL when the browser named it. */
    readonly request: string | null,
    cause?: unknown,
  ) {
    super(`Loading chunk failed (${type}${request ? `: ${request}` : ''})`, { cause });
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_FAILURE = /dynamically imported module|module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): error is Error {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message))
  );
}

function requestOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /https?:\/\/\S+|\/assets\/\S+/.exec(message)?.[0] ?? null;
}

/**
 * A chunk of a first screen (sign-in, audit matrix, dashboard, execution tab, and what their
 * shell loads by itself): it needs only the first part of the texts (decision 86).
 */
export interface ChunkOptions {
  firstScreen?: boolean;
}

/**
 * Races the import against the time-out and turns any failure into a ChunkLoadError. Unless the
 * chunk is a first screen's, the later part of the texts is loaded with it (decision 86): what
 * the chunk shows may need them.
 */
export function loadChunk<M>(
  load: () => Promise<M>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  { firstScreen = false }: ChunkOptions = {},
): Promise<M> {
  const loading = firstScreen
    ? load()
    : Promise.all([load(), whenTextsComplete()]).then(([module]) => module);
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', null)), timeoutMs);
    loading.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('error', requestOf(error), error));
      },
    );
  });
}

/** A react-router `lazy` for a route whose page component lives in its own chunk. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options?: ChunkOptions,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({
    Component: pick(await loadChunk(load, CHUNK_LOAD_TIMEOUT_MS, options)),
  });
}

/**
 * A component in its own chunk, loaded the first time it renders (React.lazy; render it inside
 * Suspense). For what a screen shows only on demand, such as a dialog with date pickers, so the
 * screen's first load does not carry it.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  options?: ChunkOptions,
) {
  return lazy(async () => ({
    default: pick(await loadChunk(load, CHUNK_LOAD_TIMEOUT_MS, options)),
  }));
}

/**
 * `lazyComponent` for what a screen can do without (a tooltip, a menu, settings that have
 * defaults): when its chunk cannot be loaded (a first visit gone offline before the service
 * worker stored it, a deploy in between) `fallback` renders instead, for the rest of this page's
 * life, and the screen stays. A plain lazyComponent would fail the nearest error boundary, which
 * for the shell is the whole app.
 */
export function optionalComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ComponentType<P>,
  what: string,
  options?: ChunkOptions,
) {
  return lazy(async () => {
    try {
      return { default: pick(await loadChunk(load, CHUNK_LOAD_TIMEOUT_MS, options)) };
    } catch (error) {
      console.warn(`${what} could not be loaded; going on without it`, error);
      return { default: fallback };
    }
  });
}
