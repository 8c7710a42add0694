import type { z } from 'zod/mini';
import type { DomainMessage } from '../messages/message';

/** A message key as the schemas use them ('validation.required'), not a zod default text. */
const MESSAGE_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/**
 * Turns a zod issue of the entity and configuration schemas into a message. The schemas carry
 * message keys as their error texts; the limits of length checks come from the issue so one key
 * serves every limit ('Max 140 characters' is `validation.maxLength` with max 140), also for a
 * `.max()` that names no key. Any other issue without a key (a plain type error) becomes
 * `validation.invalid`. `field` is the dotted path,
 * for showing the message next to its input.
 */
export function validationIssueMessage(issue: z.core.$ZodIssue): DomainMessage {
  const params: Record<string, string | number> = {
    ...customIssueParams(issue),
    field: issue.path.map(String).join('.'),
  };
  const key = MESSAGE_KEY.test(issue.message) ? issue.message : defaultKey(issue);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  return { key, params };
}

/**
 * The key of an issue whose schema named none: too long a text is 'Max {max} characters', too
 * many entries 'At most {max} entries' (every input schema bounds both, limits.ts); anything
 * else 'Invalid value'.
 */
function defaultKey(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.maxLength';
  if (issue.code === 'too_big' && (issue.origin === 'array' || issue.origin === 'set')) {
    return 'validation.maxItems';
  }
  return 'validation.invalid';
}

/**
 * The placeholder values a custom issue carries (`ctx.addIssue({ ..., params: { value } })`), so
 * 'config.defaultNotListed' shows the value instead of a literal "{value}". Only strings and
 * numbers are kept: they are what a message text can show.
 */
export function customIssueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (issue.code !== 'custom' || !issue.params) return params;
  for (const [name, value] of Object.entries(issue.params)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

/** All messages of a failed parse, in the order zod reported them. */
export function validationIssueMessages(error: z.core.$ZodError): DomainMessage[] {
  return error.issues.map(validationIssueMessage);
}
