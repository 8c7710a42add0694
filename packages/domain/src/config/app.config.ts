import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import { DEFAULT_ATTACHMENT_EXTENSIONS } from '../validation/attachment-file';
import { DEFAULT_APP_DRAWERS, DEFAULT_APP_TIMEOUTS } from './app.defaults';

const positiveInt = () => z.int().check(z.positive());

/**
 * Configuration segment `app`: the shell's constants (SPEC section 9) read by the web app and,
 * for attachments, by the server. Strict objects: a typo in the configuration editor is
 * reported with its path instead of being dropped silently.
 */
export const appConfigSchema = z.strictObject({
  languages: z.array(z.enum(['de', 'en'])).check(z.minLength(1)),
  /** Used before the browser language is known (the sign-in state). */
  defaultLanguage: z.enum(['de', 'en']),
  theme: z.strictObject({
    primary: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
    accent: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  }),
  dashboard: z.strictObject({ widgetItemCount: positiveInt() }),
  timeouts: z.strictObject({
    snackbarMs: positiveInt(),
    bannerMs: positiveInt(),
    chunkLoadMs: positiveInt(),
    lazyChunkDelayMs: positiveInt(),
    lazyChunkTimeoutMs: positiveInt(),
    searchDebounceMs: positiveInt(),
  }),
  drawers: z.strictObject({ rightWidth: positiveInt(), filterWidth: positiveInt() }),
  /** Longer texts are cut with an ellipsis (list-config.ts `truncateLabel`). */
  textLimits: z.strictObject({ chip: positiveInt(), groupTitle: positiveInt() }),
  attachments: z.strictObject({
    /** Lower-case extensions without dot. */
    allowedExtensions: z
      .array(
        z
          .string()
          .check(z.maxLength(MAX_NAME_LENGTH))
          .check(z.regex(/^[a-z0-9]+$/)),
      )
      .check(z.minLength(1)),
    /**
     * Photos are downscaled on the device to this long side (px, JPEG) before they are kept
     * and uploaded (issue 11.5). Segments saved before it existed get the default.
     */
    imageMaxEdge: z._default(z.int().check(z.gte(320)).check(z.lte(8192)), 2048),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const DEFAULT_APP_CONFIG: AppConfig = {
  languages: ['de', 'en'],
  defaultLanguage: 'en',
  theme: { primary: 'teal', accent: 'amber' },
  dashboard: { widgetItemCount: 10 },
  timeouts: { ...DEFAULT_APP_TIMEOUTS },
  drawers: { ...DEFAULT_APP_DRAWERS },
  textLimits: { chip: 36, groupTitle: 90 },
  attachments: { allowedExtensions: [...DEFAULT_ATTACHMENT_EXTENSIONS], imageMaxEdge: 2048 },
};
