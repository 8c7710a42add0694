import {
  DOMAIN_MESSAGE_CATALOG,
  defineMessages,
  formatMessage,
  languageOfPreference,
  type DomainMessage,
  type Language,
} from '@qa/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../shared/app-error';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** The title of each error code (RFC 9457 `title`: the same for every occurrence of the type). */
export const PROBLEM_TITLES = defineMessages({
  'problem.invalid_request': { de: 'Ungültige Anfrage', en: 'Invalid request' },
  'problem.invalid_json': { de: 'Kein gültiges JSON', en: 'Invalid JSON' },
  'problem.invalid_args': { de: 'Ungültige Angaben', en: 'Invalid input' },
  'problem.invalid_result': { de: 'Ergebnis ungültig', en: 'Invalid result' },
  'problem.invalid_role': { de: 'Unbekannte Rolle', en: 'Unknown role' },
  'problem.email_immutable': {
    de: 'E-Mail-Adresse nicht änderbar',
    en: 'E-mail address cannot change',
  },
  'problem.roles_need_login': { de: 'Rollen brauchen eine Anmeldung', en: 'Roles need a login' },
  'problem.invalid_password': { de: 'Falsches Passwort', en: 'Wrong password' },
  'problem.password_too_short': { de: 'Passwort zu kurz', en: 'Password too short' },
  'problem.password_too_long': { de: 'Passwort zu lang', en: 'Password too long' },
  'problem.unauthenticated': { de: 'Nicht angemeldet', en: 'Not signed in' },
  'problem.token_invalid': { de: 'API-Token ungültig', en: 'Invalid API token' },
  'problem.token_expired': { de: 'API-Token abgelaufen', en: 'API token expired' },
  'problem.token_revoked': { de: 'API-Token widerrufen', en: 'API token revoked' },
  'problem.token_read_only': {
    de: 'API-Token nur zum Lesen',
    en: 'Read-only API token',
  },
  'problem.forbidden': { de: 'Nicht erlaubt', en: 'Forbidden' },
  'problem.not_found': { de: 'Nicht gefunden', en: 'Not found' },
  'problem.unknown_command': { de: 'Unbekannter Befehl', en: 'Unknown command' },
  'problem.request_timeout': { de: 'Zeitüberschreitung', en: 'Request timeout' },
  'problem.conflict': { de: 'Konflikt', en: 'Conflict' },
  'problem.rule': { de: 'Regel verletzt', en: 'Rule violated' },
  'problem.email_taken': { de: 'E-Mail-Adresse vergeben', en: 'E-mail address taken' },
  'problem.has_login': { de: 'Anmeldung besteht schon', en: 'Login exists already' },
  'problem.last_admin': { de: 'Letzte Administratorin', en: 'Last administrator' },
  'problem.self': { de: 'Nicht für sich selbst', en: 'Not for yourself' },
  'problem.precondition_failed': {
    de: 'Version veraltet',
    en: 'Version outdated',
  },
  'problem.precondition_required': {
    de: 'If-Match fehlt',
    en: 'If-Match missing',
  },
  'problem.payload_too_large': { de: 'Zu groß', en: 'Payload too large' },
  'problem.unsupported_media_type': {
    de: 'Inhaltstyp nicht unterstützt',
    en: 'Unsupported media type',
  },
  'problem.rate_limited': { de: 'Zu viele Anfragen', en: 'Too many requests' },
  'problem.internal': { de: 'Interner Fehler', en: 'Internal error' },
  'problem.unavailable': { de: 'Nicht verfügbar', en: 'Unavailable' },
});

const CATALOG = { ...DOMAIN_MESSAGE_CATALOG, ...PROBLEM_TITLES };

/** The caller's language: the first entry of Accept-Language (German or English). */
export function requestLanguage(req: FastifyRequest): Language {
  return languageOfPreference(req.headers['accept-language']?.split(',')[0]);
}

function isDomainMessage(value: unknown): value is DomainMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { key?: unknown }).key === 'string'
  );
}

export interface ProblemInput {
  status: number;
  code: string;
  /** English text for logs and old clients (`error.message`). */
  message: string;
  /** The domain's message: becomes `key`, `params` and the translated `detail`. */
  domainMessage?: DomainMessage;
  issues?: readonly unknown[];
  details?: unknown;
  /** Members of our own (RFC 9457 extension members), e.g. the current version of a 412. */
  extra?: Record<string, unknown>;
}

/**
 * An RFC 9457 problem: `type` names the error code, `title` and `detail` are in the caller's
 * language, `code`, `key` (the domain message key), `params` and `issues` (each with its `text`)
 * let a client act on it; `error` keeps the body the web app has always read.
 */
export function problemBody(req: FastifyRequest, input: ProblemInput): Record<string, unknown> {
  const language = requestLanguage(req);
  const titleKey = `problem.${input.code}`;
  const title = Object.hasOwn(PROBLEM_TITLES, titleKey)
    ? formatMessage(CATALOG, { key: titleKey }, language)
    : input.code;
  const message =
    input.domainMessage ??
    (input.issues?.length === 1 && isDomainMessage(input.issues[0]) ? input.issues[0] : undefined);
  const issues = input.issues?.map((issue) =>
    isDomainMessage(issue) ? { ...issue, text: formatMessage(CATALOG, issue, language) } : issue,
  );
  return {
    type: `urn:quality-audit:problem:${input.code}`,
    title,
    status: input.status,
    detail: message ? formatMessage(CATALOG, message, language) : title,
    instance: req.url.split('?')[0],
    code: input.code,
    ...(message ? { key: message.key, ...(message.params ? { params: message.params } : {}) } : {}),
    ...(issues ? { issues } : {}),
    ...input.extra,
    ...errorBody(input.code, input.message, input.details, input.issues),
  };
}

/** Whether a path's errors are problems: the JSON API, not better-auth's own routes. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1';
}

export function sendProblem(req: FastifyRequest, reply: FastifyReply, input: ProblemInput) {
  return reply
    .code(input.status)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .send(problemBody(req, input));
}
