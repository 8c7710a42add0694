import type { PermissionAction } from '../permissions/permissions';
import type { Activity } from './activity.schema';

/**
 * What an activity is about, and who may see it: apart from its sentences
 * (activity-sentence.ts), so the top bar's unread count does not load every command's sentence
 * in both languages with the first screen (issue 18).
 */
export type ActivityObjectKind =
  | 'audit'
  | 'question'
  | 'finding'
  | 'measure'
  | 'template'
  | 'standard'
  | 'person'
  | 'list'
  | 'configuration';

export type ActivityLike = Pick<Activity, 'verb' | 'object_url'>;

const KIND_OF_VERB: Readonly<Record<string, ActivityObjectKind>> = {
  statusChanged: 'audit',
  protected: 'audit',
  unprotected: 'audit',
  importedAudits: 'audit',
  importedAuditItems: 'audit',
  usedTemplate: 'audit',
  copiedAuditItems: 'audit',
  createdTemplateItem: 'template',
  updatedTemplateItem: 'template',
  deletedTemplateItem: 'template',
  importedTemplateItems: 'template',
  importedCatalogue: 'template',
  createdFinding: 'finding',
  updatedFinding: 'finding',
  deletedFinding: 'finding',
  createdMeasure: 'measure',
  updatedMeasure: 'measure',
  assignedMeasure: 'measure',
  unassignedMeasure: 'measure',
  changedMeasureStatus: 'measure',
  measureEffective: 'measure',
  measureNotEffective: 'measure',
  deletedMeasure: 'measure',
};

/** Links by kind, the routes of SPEC section 2 (question links go to an audit's phase tab). */
const KIND_OF_LINK: readonly [RegExp, ActivityObjectKind][] = [
  [/^\/audit\/[^/]+\/(auditpreparation|auditexecution)$/, 'question'],
  [/^\/(audit\/|auditmatrix$)/, 'audit'],
  [/^\/measures?(\/|$)/, 'measure'],
  [/^\/templates?(\/|$)/, 'template'],
  [/^\/standards?(\/|$)/, 'standard'],
  [/^\/users?\//, 'person'],
  [/^\/customerdata(\/|$)/, 'list'],
  [/^\/configuration(\/|$)/, 'configuration'],
];

/** What kind of thing the activity is about; null for a link this version does not know. */
export function activityObjectKind(activity: ActivityLike): ActivityObjectKind | null {
  if (Object.hasOwn(KIND_OF_VERB, activity.verb)) return KIND_OF_VERB[activity.verb]!;
  const path = activity.object_url.split(/[?#]/)[0]!;
  return KIND_OF_LINK.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

const READ_ACTION: Readonly<Record<ActivityObjectKind, PermissionAction>> = {
  audit: 'audit.read',
  question: 'audit.read',
  finding: 'audit.read',
  measure: 'measure.read',
  template: 'template.read',
  standard: 'standard.read',
  person: 'person.read',
  list: 'customerData.read',
  configuration: 'configuration.read',
};

/**
 * What a person must be allowed to read to see the activity in the stream (issue 12: the
 * activities of audits and measures they may read); null for an object this version does not
 * know, shown to everyone who reads the stream.
 */
export function activityReadAction(activity: ActivityLike): PermissionAction | null {
  const kind = activityObjectKind(activity);
  return kind === null ? null : READ_ACTION[kind];
}
