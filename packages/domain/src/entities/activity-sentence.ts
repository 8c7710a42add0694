import { ACTIVITY_MESSAGES } from '../messages/activity.messages';
import { formatMessage, type DomainMessage, type Language } from '../messages/message';
import {
  DEFAULT_AUDIT_WORKFLOW_LABELS,
  LEGACY_AUDIT_STATUS_LABELS,
} from '../workflow/default-workflows';
import { activityObjectKind, type ActivityLike } from './activity-object';
import type { Activity } from './activity.schema';

/**
 * The readable sentence of an activity ("Erika Muster created the audit Supplier Styr"), from
 * one catalog (ACTIVITY_MESSAGES) for the web app and anything else that tells people what
 * happened. Commands name what they did with a verb; several share a verb for different kinds
 * of object ('created' an audit, a question, a person), so the kind comes from the verb where
 * it is specific and otherwise from the object's link, which every command sets by kind
 * (activity-object.ts).
 */

function sentenceKey(activity: ActivityLike & { object?: string }): string | null {
  const kind = activityObjectKind(activity);
  const key = kind === null ? null : `activity.${kind}.${activity.verb}`;
  // The object of an audit import is the count: "1 Audit", not "1 Audits" (issue 34.6).
  if (key === 'activity.audit.importedAudits' && activity.object?.trim() === '1') {
    return 'activity.audit.importedOneAudit';
  }
  return key !== null && Object.hasOwn(ACTIVITY_MESSAGES, key) ? key : null;
}

/** Default status names, longest first, so "Completed" is not taken for a longer one's start. */
const STATUS_TEXTS = [
  ...Object.values(DEFAULT_AUDIT_WORKFLOW_LABELS),
  ...Object.values(LEGACY_AUDIT_STATUS_LABELS),
]
  .flatMap((label) => [
    { text: label.en, label },
    { text: label.de, label },
  ])
  .sort((a, b) => b.text.length - a.text.length);

/**
 * A status change's object is stored as "audit → status[: comment]" with the status as the
 * workflow named it when it happened; a default status name is shown in the reader's language,
 * like the status chips (issue 34.6). A configured name stays as it is.
 */
function statusObjectIn(object: string, language: Language): string {
  for (let arrow = object.indexOf(' → '); arrow >= 0; arrow = object.indexOf(' → ', arrow + 1)) {
    const rest = object.slice(arrow + 3);
    const found = STATUS_TEXTS.find(({ text }) => rest === text || rest.startsWith(`${text}: `));
    if (found) {
      return `${object.slice(0, arrow + 3)}${found.label[language]}${rest.slice(found.text.length)}`;
    }
  }
  return object;
}

/** Whether the activity has a sentence of its own (not the fallback "actor: verb object"). */
export function hasActivitySentence(activity: ActivityLike): boolean {
  return sentenceKey(activity) !== null;
}

/** The sentence as a message of ACTIVITY_MESSAGES with `actor` and `object` (and `verb`). */
export function activitySentence(
  activity: Pick<Activity, 'verb' | 'object' | 'object_url' | 'actor_name'>,
  language?: Language,
): DomainMessage {
  const object =
    language && activity.verb === 'statusChanged'
      ? statusObjectIn(activity.object, language)
      : activity.object;
  const params = { actor: activity.actor_name, object };
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
  return formatMessage(ACTIVITY_MESSAGES, activitySentence(activity, language), language);
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
  const message = activitySentence(activity, language);
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
