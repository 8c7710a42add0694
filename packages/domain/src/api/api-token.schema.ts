import { z } from 'zod/mini';

/** Longest a personal API token may live (issue 16): a year; the default is 90 days. */
export const API_TOKEN_MAX_DAYS = 366;
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_NAME_MAX = 100;
/** Tokens a person may hold at once (revoked and expired ones do not count). */
export const API_TOKENS_PER_PERSON = 20;

/** What the profile sends to create a token. `expiresAt` is a day (YYYY-MM-DD), end of that day UTC. */
export const apiTokenCreateSchema = z.strictObject({
  name: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(API_TOKEN_NAME_MAX)),
  expiresAt: z.optional(z.iso.date()),
  readOnly: z._default(z.boolean(), false),
  /**
   * May download the backup (everyone's data, password hashes, webhook secrets): never implied
   * by the person's roles, only chosen for this token when it is made (issue 35).
   */
  backup: z._default(z.boolean(), false),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A token as its owner sees it: never its secret (shown once, in the create answer only). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  readOnly: z.boolean(),
  backup: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

export const apiTokenCreatedSchema = z.object({
  token: apiTokenSchema,
  /** The whole token, `qat_<id>_<secret>`: shown once, then only its hash is kept. */
  secret: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

const TOKEN_PATTERN = /^qat_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** The id and secret of a token string, or null when it is not shaped like one of ours. */
export function parseApiToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** The last moment a token made to expire on `day` (YYYY-MM-DD) is valid: that day's end, UTC. */
export function apiTokenExpiry(day: string): string {
  return `${day}T23:59:59.999Z`;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The expiry day of a new token: the asked day (YYYY-MM-DD) or the default, valid only from
 * today to `API_TOKEN_MAX_DAYS` ahead (UTC days, as the token lasts to its day's end, UTC).
 */
export function apiTokenExpiryDay(
  asked: string | undefined,
  now: Date,
):
  | { ok: true; day: string }
  | { ok: false; message: { key: string; params: Record<string, string | number> } } {
  const day = asked ?? isoDay(new Date(now.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS));
  const latest = isoDay(new Date(now.getTime() + API_TOKEN_MAX_DAYS * DAY_MS));
  return day < isoDay(now) || day > latest
    ? {
        ok: false,
        message: {
          key: 'apiToken.expiryRange',
          params: { field: 'expiresAt', days: API_TOKEN_MAX_DAYS },
        },
      }
    : { ok: true, day };
}
