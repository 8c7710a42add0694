import { z } from 'zod/mini';

/**
 * What the sign-in page and the app shell need before anyone is signed in
 * (`GET /api/v1/client-config`, docs/api.md). Shared so server and web agree on one shape.
 */
export const loginProviderSchema = z.object({
  providerId: z.string().check(z.minLength(1)),
  /** Null: no label configured; the web app shows its translated default. */
  label: z.nullable(z.string().check(z.minLength(1))),
});
export type LoginProvider = z.infer<typeof loginProviderSchema>;

export const clientConfigSchema = z.object({
  project: z.string(),
  version: z.string(),
  build: z.string(),
  reloadEnabled: z.boolean(),
  enterpriseLogin: z.array(loginProviderSchema),
  socialLogin: z.array(loginProviderSchema),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
