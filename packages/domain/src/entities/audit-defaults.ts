import { isoDateSchema } from '../ids';
import type { Audit } from './audit.schema';

/** The fields a new audit starts with; the user fills in name, lead auditor and the rest. */
export type NewAuditDefaults = Pick<
  Audit,
  | 'protected'
  | 'standard'
  | 'scope'
  | 'process'
  | 'tags'
  | 'interestedparties'
  | 'auditor'
  | 'coauditors'
  | 'audit_participants'
  | 'auditing_date'
  | 'responsible'
  | 'planning_year'
  | 'planning_date'
  | 'status'
  | 'workflow'
>;

/**
 * SPEC section 9: a new audit starts at workflow status '1', with empty lists, planned for
 * today in the current year. `today` (YYYY-MM-DD, the user's calendar day) is a parameter so
 * the rule stays pure and the client and the server agree.
 */
export function newAuditDefaults(today: string): NewAuditDefaults {
  const date = isoDateSchema.parse(today);
  return {
    protected: false,
    standard: [],
    scope: [],
    process: [],
    tags: [],
    interestedparties: [],
    auditor: [],
    coauditors: [],
    audit_participants: [],
    auditing_date: [],
    responsible: null,
    planning_year: Number(date.slice(0, 4)),
    planning_date: date,
    status: null,
    workflow: { status: '1' },
  };
}
