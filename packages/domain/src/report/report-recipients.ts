import type { JsonObject, JsonValue } from '@qa/sync';
import { reportDataOf } from '../entities/report-data.schema';
import { normalizePersonEmail } from '../person';

/** A person of the directory as far as addressing a report needs. */
export interface RecipientCandidate {
  id: string;
  displayName: string;
  email: string | null;
}

/** Whom the mail dialog starts with, and the distribution list's entries it found nobody for. */
export interface InitialReportRecipients {
  ids: string[];
  /** Entries of the distribution list that name nobody of the directory with an address. */
  unmatched: string[];
}

const EMAIL_IN_TEXT = /[^\s<>()[\],;:"]+@[^\s<>()[\],;:"]+\.[^\s<>()[\],;:"]+/;

const personIds = (value: JsonValue | undefined): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (entry): entry is string => typeof entry === 'string' && entry !== '',
  );

/** The person a distribution list entry names: by its e-mail address, else by a unique name. */
function personOfEntry(
  entry: string,
  people: readonly RecipientCandidate[],
): RecipientCandidate | undefined {
  const email = EMAIL_IN_TEXT.exec(entry)?.[0];
  if (email) {
    const wanted = normalizePersonEmail(email);
    return people.find((person) => person.email && normalizePersonEmail(person.email) === wanted);
  }
  const name = entry.trim().toLocaleLowerCase();
  const named = people.filter((person) => person.displayName.trim().toLocaleLowerCase() === name);
  // Two people of one name: the entry says not which, so the sender chooses.
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Who the report mail starts with (the stepper's "finish audit and send report", decision 71):
 * the report's distribution list (`additionalReportData.distributionList`, names or addresses
 * one per line) as far as the directory knows its entries with an address; an entry it does not
 * know is named, so the sender can add that person. Without a distribution list: the audit's
 * responsible, lead auditor and participants. Never the sender, only people with an address.
 */
export function initialReportRecipients(
  audit: JsonObject | undefined,
  people: readonly RecipientCandidate[],
  selfId: string | undefined,
): InitialReportRecipients {
  const byId = new Map(people.map((person) => [person.id, person]));
  const mailable = (id: string) => id !== selfId && Boolean(byId.get(id)?.email);
  const entries = reportDataOf(audit?.additionalReportData)
    .distributionList.split(/\r?\n|;/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    const team = [
      ...personIds(audit?.responsible),
      ...personIds(audit?.leadauditor),
      ...personIds(audit?.audit_participants),
    ];
    return { ids: [...new Set(team)].filter(mailable), unmatched: [] };
  }
  const ids: string[] = [];
  const unmatched: string[] = [];
  for (const entry of entries) {
    const person = personOfEntry(entry, people);
    if (!person?.email) unmatched.push(entry);
    else if (mailable(person.id) && !ids.includes(person.id)) ids.push(person.id);
  }
  return { ids, unmatched };
}
