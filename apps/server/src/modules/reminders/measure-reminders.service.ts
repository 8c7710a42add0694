import { randomUUID } from 'node:crypto';
import {
  AUDITS_COLLECTION,
  CONFIGURATION_COLLECTION,
  MEASURES_COLLECTION,
  addDays,
  configSegmentOrDefault,
  localDay,
  measureRemindersByPerson,
  measureSchema,
  measureWorkflowFromConfig,
  receivesReminders,
  reminderLanguage,
  reminderMailContent,
  reminderRunDue,
  type Measure,
  type Person,
} from '@qa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../mail/mail.service';
import { reminderMail } from '../mail/reminder.mail';
import type { PeopleRepository } from '../people/people.repository';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { MeasureRemindersRepository, ReminderClaim } from './measure-reminders.repository';

/** What sends a reminder and says whether it went (MailService.sendNow). */
export interface ReminderMailer {
  sendNow(message: MailMessage, logContext?: Record<string, unknown>): Promise<void>;
}

export interface MeasureRemindersDeps {
  documents: DocumentsRepository;
  people: PeopleRepository;
  repository: MeasureRemindersRepository;
  mail: ReminderMailer;
  /** PUBLIC_URL, without trailing slash: the links in the mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface ReminderRunOptions {
  /** The moment the run goes by (its local day and hour); tests fix it. */
  now: Date;
  /** Runs before the configured hour too (the `remind` command: an operator asks for it now). */
  ignoreHour?: boolean;
}

export interface ReminderRunReport {
  /** The local day the run was for. */
  day: string;
  /** 'disabled' in the `measure` segment, 'early' before its hour, else 'ran'. */
  outcome: 'disabled' | 'early' | 'ran';
  /** People mailed by this run. */
  sent: string[];
  /** People mailed today already (or right now by another instance). */
  alreadySent: string[];
  /** People whose mail failed; they are tried again in the next round. */
  failed: string[];
  /** Assignees with due measures who get no mail: inactive, no e-mail, login off, unknown. */
  unreachable: string[];
}

/** The record of sent reminders is kept this many days back, then pruned. */
const KEEP_DAYS = 60;

/**
 * The daily reminder mail of measures due (issue 12): reads the configuration, the measures and
 * the people, asks the domain whom to remind of what (`measureRemindersByPerson`), and mails each
 * person once a day. Each mail is claimed in the database first (one row per person and day,
 * `MeasureRemindersRepository.claim`), so several instances on one PostgreSQL, or the `remind`
 * command beside a running server, send it once. A failed mail gives its claim up and is tried in
 * the next round; a crash between claim and mail loses that day's mail rather than risking a
 * second one.
 */
export class MeasureRemindersService {
  constructor(private readonly deps: MeasureRemindersDeps) {}

  async run({ now, ignoreHour = false }: ReminderRunOptions): Promise<ReminderRunReport> {
    const day = localDay(now);
    const report: ReminderRunReport = {
      day,
      outcome: 'ran',
      sent: [],
      alreadySent: [],
      failed: [],
      unreachable: [],
    };
    const configuration = await this.configuration();
    const settings = configuration.measure.reminders;
    if (!settings.enabled) return { ...report, outcome: 'disabled' };
    if (!ignoreHour && !reminderRunDue(settings, now)) return { ...report, outcome: 'early' };

    const byPerson = measureRemindersByPerson(await this.measures(), {
      today: day,
      daysBefore: settings.daysBefore,
      workflow: configuration.workflow,
    });
    if (byPerson.size > 0) {
      const people = new Map((await this.deps.people.findAll()).map((p) => [p.id, p]));
      const auditNames = await this.auditNames([...byPerson.values()].flat());
      for (const [personId, measures] of byPerson) {
        const person = people.get(personId);
        if (!person?.email || !receivesReminders(person)) {
          report.unreachable.push(personId);
          continue;
        }
        const claim: ReminderClaim = {
          personId,
          day,
          claim: randomUUID(),
          at: now.toISOString(),
          measureCount: measures.length,
        };
        if (!(await this.deps.repository.claim(claim))) {
          report.alreadySent.push(personId);
          continue;
        }
        const content = reminderMailContent({
          // The person's own mail language (profile, issue 15), else the installation's.
          language: reminderLanguage(person.language ?? null, configuration.language),
          name: person.displayName || person.email,
          today: day,
          daysBefore: settings.daysBefore,
          measures,
          auditNames,
          publicUrl: this.deps.publicUrl,
        });
        if (await this.send(person, claim, reminderMail(person.email, content))) {
          report.sent.push(personId);
        } else {
          report.failed.push(personId);
        }
      }
    }
    await this.deps.repository.pruneBefore(addDays(day, -KEEP_DAYS));
    return report;
  }

  private async send(person: Person, claim: ReminderClaim, message: MailMessage) {
    const context = { reminder: { personId: person.id, day: claim.day } };
    try {
      await this.deps.mail.sendNow(message, context);
    } catch (err) {
      this.deps.log.error({ err, ...context }, 'reminder mail failed; tried again next round');
      await this.deps.repository.release(claim).catch((releaseError: unknown) => {
        this.deps.log.error({ err: releaseError, ...context }, 'reminder claim not released');
      });
      return false;
    }
    await this.deps.repository.markSent(claim, new Date().toISOString());
    return true;
  }

  private async configuration() {
    const refs = ['measure', 'workflow', 'app'].map((id) => ({
      collection: CONFIGURATION_COLLECTION,
      id,
    }));
    const stored = new Map(
      (await this.deps.documents.findMany(refs))
        .filter((doc) => !doc.deleted)
        .map((doc) => [doc.id, doc.data]),
    );
    return {
      measure: configSegmentOrDefault('measure', stored.get('measure')),
      workflow: measureWorkflowFromConfig(stored.get('workflow')),
      language: configSegmentOrDefault('app', stored.get('app')).defaultLanguage,
    };
  }

  /** The live measures; one that does not parse (it never should) is left out and logged. */
  private async measures(): Promise<Measure[]> {
    const measures: Measure[] = [];
    for (const doc of await this.deps.documents.liveDocuments(MEASURES_COLLECTION)) {
      const parsed = measureSchema.safeParse(doc.data);
      if (parsed.success) measures.push(parsed.data);
      else this.deps.log.warn({ measure: doc.id }, 'reminders: a measure does not parse');
    }
    return measures;
  }

  /** Names of the audits measures point to without a stored reference (older documents). */
  private async auditNames(measures: readonly Measure[]): Promise<Map<string, string>> {
    const ids = new Set(
      measures.filter((m) => !m.auditRef && m.audit_id).map((m) => m.audit_id as string),
    );
    if (ids.size === 0) return new Map();
    const audits = await this.deps.documents.findMany(
      [...ids].map((id) => ({ collection: AUDITS_COLLECTION, id })),
    );
    const names = new Map<string, string>();
    for (const audit of audits) {
      if (!audit.deleted && typeof audit.data.name === 'string')
        names.set(audit.id, audit.data.name);
    }
    return names;
  }
}
