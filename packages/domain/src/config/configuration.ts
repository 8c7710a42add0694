import type { z } from 'zod/mini';
import { validationIssueMessages } from '../entities/validation-issue';
import type { DomainMessage } from '../messages/message';
import { appConfigSchema, DEFAULT_APP_CONFIG } from './app.config';
import { auditConfigSchema, DEFAULT_AUDIT_CONFIG } from './audit.config';
import { audititemConfigSchema, DEFAULT_AUDITITEM_CONFIG } from './audititem.config';
import { categoriesConfigSchema, DEFAULT_CATEGORIES_CONFIG } from './categories.config';
import { DEFAULT_FINDING_CONFIG, findingConfigSchema } from './finding.config';
import { DEFAULT_LISTS_CONFIG, listsConfigSchema } from './lists.config';
import { DEFAULT_MEASURE_CONFIG, measureConfigSchema } from './measure.config';
import { DEFAULT_SCOPES_CONFIG, scopesConfigSchema } from './scopes.config';
import { DEFAULT_TEMPLATE_CONFIG, templateConfigSchema } from './template.config';
import { DEFAULT_USER_CONFIG, userConfigSchema } from './user.config';
import { DEFAULT_WORKFLOW_CONFIG, workflowConfigSchema } from './workflow.config';
import { CONFIGURATION_COLLECTION } from '../collection-names';
export { CONFIGURATION_COLLECTION };

/** The collection of the configuration documents. */

/** The configuration documents, one per segment (SPEC section 3); the document id is the name. */
export const CONFIG_SEGMENTS = [
  'app',
  'scopes',
  'template',
  'audit',
  'audititem',
  'finding',
  'measure',
  'user',
  'workflow',
  'categories',
  'lists',
] as const;
export type ConfigSegment = (typeof CONFIG_SEGMENTS)[number];

export const CONFIG_SEGMENT_SCHEMAS = {
  app: appConfigSchema,
  scopes: scopesConfigSchema,
  template: templateConfigSchema,
  audit: auditConfigSchema,
  audititem: audititemConfigSchema,
  finding: findingConfigSchema,
  measure: measureConfigSchema,
  user: userConfigSchema,
  workflow: workflowConfigSchema,
  categories: categoriesConfigSchema,
  lists: listsConfigSchema,
} as const satisfies Record<ConfigSegment, z.ZodMiniType>;

export type Configuration = {
  [S in ConfigSegment]: z.infer<(typeof CONFIG_SEGMENT_SCHEMAS)[S]>;
};

/** What the server seeds on first start and what a segment falls back to when missing. */
export const DEFAULT_CONFIGURATION: Configuration = {
  app: DEFAULT_APP_CONFIG,
  scopes: DEFAULT_SCOPES_CONFIG,
  template: DEFAULT_TEMPLATE_CONFIG,
  audit: DEFAULT_AUDIT_CONFIG,
  audititem: DEFAULT_AUDITITEM_CONFIG,
  finding: DEFAULT_FINDING_CONFIG,
  measure: DEFAULT_MEASURE_CONFIG,
  user: DEFAULT_USER_CONFIG,
  workflow: DEFAULT_WORKFLOW_CONFIG,
  categories: DEFAULT_CATEGORIES_CONFIG,
  lists: DEFAULT_LISTS_CONFIG,
};

/**
 * A stored segment as the app uses it: its default while it is missing or does not parse (an
 * edited segment that breaks the schema must not stop the app; the editor refuses such input).
 */
export function configSegmentOrDefault<S extends ConfigSegment>(
  segment: S,
  data: unknown,
): Configuration[S] {
  if (data === undefined) return DEFAULT_CONFIGURATION[segment];
  const cacheable = typeof data === 'object' && data !== null;
  const cached = cacheable ? parsedSegments.get(data) : undefined;
  if (cached?.segment === segment) return cached.value as Configuration[S];
  const parsed = CONFIG_SEGMENT_SCHEMAS[segment].safeParse(data);
  const value = parsed.success ? (parsed.data as Configuration[S]) : DEFAULT_CONFIGURATION[segment];
  if (cacheable) parsedSegments.set(data, { segment, value });
  return value;
}

/**
 * Each segment document's parsed value, by the document's data object: a screen reads a segment
 * in many components (the web app's `useConfigSegment`, over 40 places), and each parsed the same
 * object again (issue 40: zod's parse was a good part of a first screen's render on a slow
 * phone). Synced documents are never changed in place, a change brings a new object; and like
 * the defaults, the value handed out is shared and must not be changed by its reader.
 */
const parsedSegments = new WeakMap<object, { segment: ConfigSegment; value: unknown }>();

export function isConfigSegment(value: string): value is ConfigSegment {
  return (CONFIG_SEGMENTS as readonly string[]).includes(value);
}

export type ConfigSegmentResult<S extends ConfigSegment = ConfigSegment> =
  { ok: true; segment: S; data: Configuration[S] } | { ok: false; errors: DomainMessage[] };

/** Validates a segment document (the update command `{segment, data}` on server and client). */
export function parseConfigSegment(segment: string, data: unknown): ConfigSegmentResult {
  if (!isConfigSegment(segment)) {
    return { ok: false, errors: [{ key: 'config.unknownSegment', params: { segment } }] };
  }
  const result = CONFIG_SEGMENT_SCHEMAS[segment].safeParse(data);
  return result.success
    ? { ok: true, segment, data: result.data }
    : { ok: false, errors: validationIssueMessages(result.error) };
}

/**
 * Validates the text of a configuration editor: first JSON ('This field requires valid JSON
 * input'), then the segment's schema.
 */
export function parseConfigEditorText(segment: string, text: string): ConfigSegmentResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, errors: [{ key: 'validation.invalidJson' }] };
  }
  return parseConfigSegment(segment, data);
}
