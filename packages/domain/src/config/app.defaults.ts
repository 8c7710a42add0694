/**
 * The `app` segment's timings and drawer widths of SPEC section 9, apart from its schema: the web
 * app's shell reads them on its first screen, which must not load zod (issue 18, a small first
 * load). `DEFAULT_APP_CONFIG` is built from them.
 */
export const DEFAULT_APP_TIMEOUTS = {
  snackbarMs: 5000,
  bannerMs: 5000,
  chunkLoadMs: 120_000,
  lazyChunkDelayMs: 200,
  lazyChunkTimeoutMs: 3000,
  searchDebounceMs: 500,
};

export const DEFAULT_APP_DRAWERS = { rightWidth: 500, filterWidth: 330 };
