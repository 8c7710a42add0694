import { ACTIVITY_MESSAGES } from '../messages/activity.messages';
import { formatMessage, type DomainMessage, type Language } from '../messages/message';
import type { PermissionAction } from '../permissions/permissions';
import type { Activity } from './activity.schema';

/**
 * The readable sentence of an activity ("Erika Muster created the audit Supplier Styr"), from
 * one catalog (ACTIVITY_MESSAGES) for the web app and anything else that tells people what
 * happened. Commands name what they did with a verb; several share a verb for different kinds
 * of object ('created' an audit, a question, a person), so the kind comes from the verb where
 * it is specific and otherwise from the object's link, which every command sets by kind.
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

type ActivityLike = Pick<Activity, 'verb' | 'object_url'>;

const KIND_OF_VERB: Readonly<Record<string, ActivityObjectKind>> = {
  statusChanged: 'audit',
  protected: 'audit',
  unprotected: 'audit',
  importedAudits: 'audit',
  importedAuditItems: 'audit',
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

function sentenceKey(activity: ActivityLike): string | null {
  const kind = activityObjectKind(activity);
  const key = kind === null ? null : `activity.${kind}.${activity.verb}`;
  return key !== null && Object.hasOwn(ACTIVITY_MESSAGES, key) ? key : null;
}

/** Whether the activity has a sentence of its own (not the fallback "actor: verb object"). */
export function hasActivitySentence(activity: ActivityLike): boolean {
  return sentenceKey(activity) !== null;
}

/** The sentence as a message of ACTIVITY_MESSAGES with `actor` and `object` (and `verb`). */
export function activitySentence(
  activity: Pick<Activity, 'verb' | 'object' | 'object_url' | 'actor_name'>,
): DomainMessage {
  const params = { actor: activity.actor_name, object: activity.object };
  const key = sentenceKey(activity);
  return key === null
    ? { key: 'activity.other', params: { ...params, verb: activity.verb } }
    : { key, params };
}

/** The sentence as text in one language. */
export function formatActivitySentence(
  activity: Pick<Activity, 'verb' | 'object' | 'object_url' | 'actor_name'>,
  language: Language,
): string {
  return formatMessage(ACTIVITY_MESSAGES, activitySentence(activity), language);
}

/** A piece of a sentence: plain text, or a placeholder's value (to render as a name or a link). */
export type SentencePart = { text: string } | { param: string; value: string };

/**
 * The sentence in pieces, so a screen can show `{actor}` in bold and `{object}` as a link
 * wherever the language puts them ("hat das Audit {object} angelegt").
 */
export function activitySentenceParts(
  activity: Pick<Activity, 'verb' | 'object' | 'object_url' | 'actor_name'>,
  language: Language,
): SentencePart[] {
  const message = activitySentence(activity);
  const template = ACTIVITY_MESSAGES[message.key as keyof typeof ACTIVITY_MESSAGES][language];
  const params = message.params ?? {};
  return template
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return name !== undefined && Object.hasOwn(params, name)
        ? { param: name, value: String(params[name]) }
        : { text: piece };
    });
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
