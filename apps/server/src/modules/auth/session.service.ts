import type { Person } from '@qa/domain';
import type { ApiTokensService, TokenCaller } from '../api/api-tokens.service';
import type { PeopleService } from '../people/people.service';
import { AppError } from '../../shared/app-error';
import type { Auth } from './auth';

export interface SessionLookup {
  person: Person | null;
  /** Set-Cookie headers better-auth wants to send (a refreshed session cookie). */
  setCookies: string[];
}

export class SessionService {
  constructor(
    private readonly auth: Auth,
    private readonly people: PeopleService,
    /** Personal API tokens (issue 16); without them a bearer token is refused. */
    private readonly tokens: ApiTokensService | null = null,
  ) {}

  /** The caller of an `Authorization: Bearer` token, or an AppError (token_*, unauthenticated). */
  async tokenCaller(bearer: string): Promise<TokenCaller> {
    if (!this.tokens) throw new AppError('token_invalid', 'API tokens are not accepted here');
    return this.tokens.authenticate(bearer);
  }

  /**
   * The signed-in person, or null. A valid session whose person was removed or deactivated
   * since counts as signed out.
   */
  async current(headers: Headers): Promise<SessionLookup> {
    const { headers: responseHeaders, response: session } = await this.auth.api.getSession({
      headers,
      returnHeaders: true,
    });
    const setCookies = responseHeaders?.getSetCookie() ?? [];
    if (!session) return { person: null, setCookies };
    return { person: await this.people.findSignInPerson(session.user.id), setCookies };
  }
}
