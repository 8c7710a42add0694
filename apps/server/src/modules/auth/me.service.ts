import {
  CONFIGURATION_COLLECTION,
  changePasswordRequestSchema,
  configSegmentOrDefault,
  preferredPlanningYearProblem,
  requestIssues,
  updateMeRequestSchema,
  type Person,
  type PlanningYearSpans,
} from '@qa/domain';
import { AppError } from '../../shared/app-error';
import { invalidRequest } from '../people/people-admin.service';
import type { PeopleRepository } from '../people/people.repository';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { Auth } from './auth';

export interface SessionSummary {
  id: string;
  /** The session of the request asking. */
  current: boolean;
  createdAt: string;
  updatedAt: string;
  userAgent: string | null;
  ipAddress: string | null;
}

interface StoredSession {
  id: string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  userAgent?: string | null;
  ipAddress?: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** better-auth's APIError (and better-call's) carry the status and a body with a code. */
function authErrorCode(error: unknown): string | null {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : null;
}

/**
 * The signed-in person's own account (issue 15): profile fields, mail language, preferences,
 * password, sessions. Every method acts on the person of the request only.
 */
export class MeService {
  constructor(
    private readonly auth: Auth,
    private readonly people: PeopleRepository,
    /** Open sync connections re-read their session now (a revoked session's closes). */
    private readonly recheckSessions: () => void = () => undefined,
    /** Where the `audit` configuration is read: a preferred year must be one the matrix shows. */
    private readonly documents?: Pick<DocumentsRepository, 'findMany'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private async yearSpans(): Promise<PlanningYearSpans> {
    const ref = { collection: CONFIGURATION_COLLECTION, id: 'audit' };
    const [stored] = (await this.documents?.findMany([ref])) ?? [];
    return configSegmentOrDefault('audit', stored && !stored.deleted ? stored.data : undefined);
  }

  async update(actor: Person, body: unknown): Promise<Person> {
    const parsed = updateMeRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const current = await this.people.findById(actor.id);
    if (!current) throw new AppError('unauthenticated', 'Not signed in');
    const { displayName, avatar, language, preferences } = parsed.data;
    const year = preferences?.defaultPlanningYear;
    if (year !== undefined && year !== null) {
      const problem = preferredPlanningYearProblem(
        year,
        await this.yearSpans(),
        this.clock().getFullYear(),
      );
      if (problem) {
        const issue = {
          ...problem,
          params: { ...problem.params, field: 'preferences.defaultPlanningYear' },
        };
        throw new AppError(
          'invalid_request',
          'The audit matrix does not show that year',
          undefined,
          [issue],
          problem,
        );
      }
    }
    const updated: Person = {
      ...current,
      ...(displayName === undefined ? {} : { displayName }),
      ...(avatar === undefined ? {} : { avatar }),
      ...(language === undefined ? {} : { language }),
      ...(preferences === undefined
        ? {}
        : { preferences: { ...current.preferences!, ...preferences } }),
    };
    await this.people.save(updated);
    if (current.accountId !== null && updated.displayName !== current.displayName) {
      const context = await this.auth.$context;
      await context.internalAdapter.updateUser(current.accountId, { name: updated.displayName });
    }
    return (await this.people.findById(actor.id)) ?? updated;
  }

  /**
   * Changes the password with better-auth (which checks the current one); the other sessions
   * stay. Answers better-auth's Set-Cookie headers (a refreshed session cookie), if any.
   */
  async changePassword(headers: Headers, body: unknown): Promise<string[]> {
    const parsed = changePasswordRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issues = requestIssues(parsed.error);
      const password = issues.find((issue) => issue.key.startsWith('account.passwordToo'));
      if (password) {
        const code =
          password.key === 'account.passwordTooShort' ? 'password_too_short' : 'password_too_long';
        throw new AppError(code, 'The new password does not meet the rules', undefined, issues);
      }
      throw invalidRequest(parsed.error);
    }
    try {
      const { headers: responseHeaders } = await this.auth.api.changePassword({
        body: {
          currentPassword: parsed.data.currentPassword,
          newPassword: parsed.data.newPassword,
        },
        headers,
        returnHeaders: true,
      });
      return responseHeaders?.getSetCookie() ?? [];
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw new AppError('invalid_password', 'The current password is wrong', undefined, [
          { key: 'account.invalidPassword', params: { field: 'currentPassword' } },
        ]);
      }
      throw error;
    }
  }

  /** The person's unexpired sessions, newest first, the request's own marked `current`. */
  async sessions(actor: Person, headers: Headers): Promise<SessionSummary[]> {
    if (actor.accountId === null) return [];
    const context = await this.auth.$context;
    const currentId = (await this.auth.api.getSession({ headers }))?.session.id ?? null;
    const now = Date.now();
    const sessions = (await context.internalAdapter.listSessions(
      actor.accountId,
    )) as StoredSession[];
    return sessions
      .filter((session) => new Date(session.expiresAt).getTime() > now)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
      .map((session) => ({
        id: session.id,
        current: session.id === currentId,
        createdAt: iso(session.createdAt),
        updatedAt: iso(session.updatedAt),
        userAgent: session.userAgent ?? null,
        ipAddress: session.ipAddress ?? null,
      }));
  }

  /** Ends one of the person's own sessions; another's (or an unknown id) is not found. */
  async revokeSession(actor: Person, sessionId: string): Promise<void> {
    const notFound = new AppError('not_found', 'Session not found', undefined, [
      { key: 'account.sessionNotFound' },
    ]);
    if (actor.accountId === null) throw notFound;
    const context = await this.auth.$context;
    const sessions = (await context.internalAdapter.listSessions(
      actor.accountId,
    )) as StoredSession[];
    const session = sessions.find((candidate) => candidate.id === sessionId);
    if (!session) throw notFound;
    await context.internalAdapter.deleteSession(session.token);
    this.recheckSessions();
  }
}
