import {
  MAX_DOCUMENTS_PER_COMMAND,
  PEOPLE_COLLECTION,
  STANDARDS_COLLECTION,
  decodeLatin1Csv,
  importAuditsCommand,
  importMessages,
  importedAuditIssues,
  parseAuditImport,
  type AuditImportContext,
  type DomainMessage,
  type ImportIssue,
  type ImportReport,
  type ImportedAudit,
  type MessageCatalog,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useDeferredValue, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';
import { useQuery } from '../../lib/sync/use-query';
import { useAuditConfig } from './audit-matrix-rows';

/**
 * The audit import's parsing and its command (SPEC sections 5 and 6), shared by the matrix's
 * import dialog and the /auditimport page: the text (pasted or read from a JSON or semicolon CSV
 * file), the domain parser's report on it, and Import, which sends the valid records as
 * `audit.import` commands (ids made here) and follows the server's answer.
 */

const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };
const PEOPLE_QUERY = { collection: PEOPLE_COLLECTION, filters: [] };
const FIELD_REQUIRED: DomainMessage = { key: 'import.fieldRequired' };
const CATALOG: MessageCatalog = importMessages;

export type AuditImportPhase =
  | { step: 'edit' }
  | { step: 'importing' }
  | {
      step: 'done';
      imported: number;
      skipped: number;
      server: 'pending' | 'confirmed' | 'rejected';
    };

export const AUDIT_IMPORT_SERVER_KEYS = {
  pending: 'auditImport.server.pending',
  confirmed: 'auditImport.server.confirmed',
  rejected: 'auditImport.server.rejected',
} as const;

/** Whether the message's own text already names a parameter (then it is not added again). */
function mentions(key: string, param: string): boolean {
  return CATALOG[key]?.en.includes(`{${param}}`) ?? false;
}

/** The records as `audit.import` rows, each with a new id, in pieces one command may carry. */
function commandBatches(records: readonly ImportedAudit[]): JsonObject[][] {
  const rows = records.map((record) => ({ id: randomId(), ...record }) as JsonObject);
  const batches: JsonObject[][] = [];
  for (let start = 0; start < rows.length; start += MAX_DOCUMENTS_PER_COMMAND) {
    batches.push(rows.slice(start, start + MAX_DOCUMENTS_PER_COMMAND));
  }
  return batches;
}

/** FileReader rather than `Blob.arrayBuffer`: older Safari and the tests' DOM lack the latter. */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * A file's text: UTF-8 (JSON, "CSV UTF-8"), else Latin-1 as German Excel writes CSV. A byte
 * order mark is dropped either way, so JSON.parse and the CSV header see the first column.
 */
export async function readImportFileText(file: Blob): Promise<string> {
  const bytes = await readBytes(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeLatin1Csv(bytes);
  }
}

/** How many rows the parser rejected (file-level problems have no row). */
export function rejectedRowsOf(errors: readonly ImportIssue[]): number {
  return new Set(errors.flatMap((issue) => issue.row ?? [])).size;
}

export interface AuditImportState {
  text: string;
  changeText: (value: string) => void;
  fileName: string | null;
  pickFile: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  /** The field's own problem (empty, unreadable file). */
  fieldError: string | null;
  /** What the command refused, translated. */
  commandErrors: string[];
  phase: AuditImportPhase;
  /** The parser's report on the text (deferred while typing); null while the text is empty. */
  report: ImportReport<ImportedAudit> | null;
  rejectedRows: number;
  /** Problems of the whole text (no row), then those of rows. */
  generalErrors: ImportIssue[];
  rowErrors: ImportIssue[];
  /** An issue as the user reads it: "Row 3: Field must not be empty (name)". */
  issueText: (issue: ImportIssue) => string;
  /** The issue without its row (for a table that shows the row apart). */
  issueReason: (issue: ImportIssue) => string;
  startImport: () => Promise<void>;
  /** Back to an empty form; answers of the import before are ignored. */
  reset: () => void;
  busy: boolean;
  done: boolean;
}

/** `enabled`: whether the standards are read (the dialog while it is open, the page always). */
export function useAuditImport(enabled = true): AuditImportState {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const auditConfig = useAuditConfig();
  const { documents: standards } = useQuery(enabled ? STANDARDS_QUERY : null);
  const { documents: peopleDocs } = useQuery(enabled ? PEOPLE_QUERY : null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [commandErrors, setCommandErrors] = useState<string[]>([]);
  const [phase, setPhase] = useState<AuditImportPhase>({ step: 'edit' });
  // Answers of an import the user has since closed or reset must not touch the next one.
  const session = useRef(0);

  const deferredText = useDeferredValue(text);
  const knownStandards = useMemo(
    () => [...new Set([...auditConfig.standards.ids, ...standards.map((doc) => doc.id)])],
    [auditConfig, standards],
  );
  // What the file's values are checked and mapped against: the standards, types and parties
  // configured, the people (a lead auditor may be named by e-mail), and the import command's
  // own checks, so the preview offers only rows the import takes.
  const context = useMemo<AuditImportContext>(
    () => ({
      knownStandards,
      knownTypes: auditConfig.types.map((type) => type.id),
      parties: auditConfig.parties,
      people: peopleDocs.map((doc) => ({
        id: doc.id,
        email: typeof doc.data.email === 'string' ? doc.data.email : null,
      })),
      check: (audit) => importedAuditIssues(audit, new Date().toISOString(), auditConfig),
    }),
    [knownStandards, auditConfig, peopleDocs],
  );
  const report = useMemo(
    () => (deferredText.trim() === '' ? null : parseAuditImport(deferredText, context)),
    [deferredText, context],
  );
  const rejectedRows = useMemo(() => rejectedRowsOf(report?.errors ?? []), [report]);

  const issueReason = (issue: ImportIssue): string => {
    const message = translate(issue);
    const field = issue.params?.field;
    return field !== undefined && !mentions(issue.key, 'field') ? `${message} (${field})` : message;
  };
  // The parser's issues carry `row`; the command's carry it in `params.row`.
  const issueText = (issue: ImportIssue): string => {
    const message = issueReason(issue);
    const row = issue.row ?? issue.params?.row;
    return row !== undefined && !mentions(issue.key, 'row')
      ? t('auditImport.rowIssue', { row, message })
      : message;
  };

  const reset = () => {
    session.current += 1;
    setText('');
    setFileName(null);
    setFieldError(null);
    setCommandErrors([]);
    setPhase({ step: 'edit' });
  };

  const changeText = (value: string) => {
    setText(value);
    setFieldError(null);
    setCommandErrors([]);
  };

  async function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      changeText(await readImportFileText(file));
      setFileName(file.name);
    } catch {
      setFieldError(t('auditImport.fileUnreadable', { name: file.name }));
    }
  }

  async function startImport() {
    if (text.trim() === '') {
      setFieldError(translate(FIELD_REQUIRED));
      return;
    }
    // The text may have changed since the deferred report: send what is in the field now.
    const current = parseAuditImport(text, context);
    if (current.records.length === 0) return;
    const mine = ++session.current;
    setPhase({ step: 'importing' });
    let imported = 0;
    let skipped = 0;
    const confirmations: Promise<{ ok: boolean }>[] = [];
    try {
      for (const audits of commandBatches(current.records)) {
        const outcome = await runCommand(importAuditsCommand.name, { audits });
        if (!outcome.local.ok) {
          const { message, issues = [] } = outcome.local.error;
          if (session.current === mine) {
            setCommandErrors([translate(message), ...issues.map((issue) => issueText(issue))]);
            setPhase(
              imported > 0
                ? { step: 'done', imported, skipped, server: 'pending' }
                : { step: 'edit' },
            );
          }
          return;
        }
        const params = outcome.local.message?.params ?? {};
        imported += Number(params.count ?? 0);
        skipped += Number(params.skipped ?? 0);
        confirmations.push(outcome.confirmed);
      }
    } catch (error) {
      if (session.current === mine) {
        setCommandErrors([error instanceof Error ? error.message : String(error)]);
        setPhase({ step: 'edit' });
      }
      return;
    }
    if (session.current !== mine) return;
    setPhase({
      step: 'done',
      imported,
      skipped: skipped + rejectedRowsOf(current.errors),
      server: 'pending',
    });
    // Offline the server answers later; the user may leave meanwhile (never wait here).
    void Promise.all(confirmations).then((answers) => {
      if (session.current !== mine) return;
      const server = answers.every((answer) => answer.ok) ? 'confirmed' : 'rejected';
      setPhase((now) => (now.step === 'done' ? { ...now, server } : now));
    });
  }

  return {
    text,
    changeText,
    fileName,
    pickFile,
    fieldError,
    commandErrors,
    phase,
    report,
    rejectedRows,
    generalErrors: report?.errors.filter((issue) => issue.row === undefined) ?? [],
    rowErrors: report?.errors.filter((issue) => issue.row !== undefined) ?? [],
    issueText,
    issueReason,
    startImport,
    reset,
    busy: phase.step === 'importing',
    done: phase.step === 'done',
  };
}
