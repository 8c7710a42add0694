import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_APP_CONFIG, DEFAULT_MEASURE_CONFIG } from '@qa/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { MailService } from '../src/modules/mail/mail.service';
import { PeopleRepository } from '../src/modules/people/people.repository';
import { MeasureRemindersRepository } from '../src/modules/reminders/measure-reminders.repository';
import { MeasureRemindersService } from '../src/modules/reminders/measure-reminders.service';
import { ReminderScheduler } from '../src/modules/reminders/reminder-scheduler';
import { DocumentsRepository } from '../src/modules/sync/documents.repository';
import { describeEachDialect } from './support/dialects';
import { outboxMessages, plainText } from './support/mail-message';
import { runCli } from './support/run-cli';
import { pushCommand, signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * The daily reminder mail of measures due (issue 12) through the real server on both databases:
 * measures made with the real commands, the job run with a fixed clock, the mails read from the
 * outbox. Which measures remind whom in detail is the domain's test (measure-reminders.test.ts).
 */

let clientCounter = 0;
const newClientId = () => `reminder-client-${Date.now()}-${++clientCounter}`;

interface Actor {
  personId: string;
  email: string;
  socket: SyncSocket;
  clientId: string;
  nextMutation: number;
}

/** Local time, as the reminders go by the server's local day and hour. */
const at = (day: number, hour = 8) => new Date(2026, 2, day, hour, 0);

/** A header of a raw message, unfolded, its encoded words (RFC 2047) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

describeEachDialect('measure reminders', (dialect) => {
  let app: TestApp;
  const sockets: SyncSocket[] = [];
  let qm: Actor;
  let admin: Actor;
  let erika: Actor;
  let max: Actor;
  let inactiveId: string;
  const auditId = `reminder-audit-${dialect}`;

  async function actor(email: string, roles: string[], displayName = email): Promise<Actor> {
    const { cookie, personId } = await signedInCookie(app, { email, roles, displayName });
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const clientId = newClientId();
    await socket.hello(clientId);
    return { personId, email, socket, clientId, nextMutation: 1 };
  }

  async function accepted(who: Actor, name: string, args: unknown) {
    const answer = await pushCommand(who, name, args);
    expect(answer, `${name} ${JSON.stringify(answer)}`).toMatchObject({ type: 'ack' });
  }

  async function measure(id: string, fields: Record<string, unknown>) {
    await accepted(qm, 'measure.create', { id: `${id}-${dialect}`, ...fields });
  }

  const measureUrl = (id: string) => `${app.url}/measure/${id}-${dialect}`;
  const run = (now: Date) => app.server.reminders.service.run({ now });

  /** The outbox's mails from `from` on, by recipient. */
  async function mails(from: number): Promise<Map<string, string>> {
    const byRecipient = new Map<string, string>();
    for (const raw of (await outboxMessages(app.dataDir)).slice(from)) {
      const to = header(raw, 'To');
      expect(byRecipient.has(to), `second mail to ${to}`).toBe(false);
      byRecipient.set(to, raw);
    }
    return byRecipient;
  }

  const outboxCount = async () => (await outboxMessages(app.dataDir)).length;

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    qm = await actor('qm.reminders@example.com', ['qm']);
    admin = await actor('admin.reminders@example.com', ['admin']);
    erika = await actor('erika.reminders@example.com', ['user'], 'Erika Muster');
    max = await actor('max.reminders@example.com', ['user'], 'Max Mustermann');
    inactiveId = (
      await app.server.people.create({
        displayName: 'Ines Inaktiv',
        email: 'ines.reminders@example.com',
        roles: ['user'],
      })
    ).id;

    await accepted(qm, 'audit.create', {
      id: auditId,
      name: 'Supplier Styr',
      leadauditor: qm.personId,
      planning_year: 2026,
      planning_date: '2026-02-01',
    });
    const withAudit = { audit_id: auditId };
    await measure('overdue', {
      text: 'Mark the aisles',
      dueDate: '2026-02-20',
      assignedTo: [erika.personId],
      ...withAudit,
    });
    await measure('today', {
      text: 'Fix the fire door',
      dueDate: '2026-03-10',
      assignedTo: [erika.personId],
      ...withAudit,
    });
    await measure('shared', {
      text: 'Train the drivers',
      dueDate: '2026-03-12',
      assignedTo: [erika.personId, max.personId],
    });
    await measure('third-day', {
      text: 'Order new labels',
      dueDate: '2026-03-13',
      assignedTo: [erika.personId],
    });
    await measure('later', {
      text: 'Repaint the floor',
      dueDate: '2026-03-14',
      assignedTo: [erika.personId],
    });
    await measure('no-date', { text: 'Some day', assignedTo: [erika.personId] });
    await measure('unassigned', { text: 'Nobody', dueDate: '2026-03-10' });
    await measure('max-only', {
      text: 'Check the forklifts',
      dueDate: '2026-03-11',
      assignedTo: [max.personId],
    });
    await measure('inactive', {
      text: 'Supplier answers',
      dueDate: '2026-03-11',
      assignedTo: [inactiveId],
    });
    await measure('effective', {
      text: 'Already effective',
      dueDate: '2026-03-11',
      assignedTo: [erika.personId],
    });
    const effectiveId = `effective-${dialect}`;
    for (const to of ['2', '3', '4', '5']) {
      await accepted(qm, 'measure.changeStatus', { id: effectiveId, to });
    }
    await accepted(qm, 'measure.checkEffectiveness', { id: effectiveId, effective: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('mails each assignee their open measures due within 3 days or overdue, once a day', async () => {
    expect(await run(at(10, 6))).toMatchObject({ outcome: 'early', sent: [] });
    expect(await outboxCount()).toBe(0);

    const report = await run(at(10));
    expect(report).toMatchObject({ day: '2026-03-10', outcome: 'ran', failed: [] });
    expect(report.sent.sort()).toEqual([erika.personId, max.personId].sort());
    expect(report.unreachable).toEqual([inactiveId]);

    const sent = await mails(0);
    expect([...sent.keys()].sort()).toEqual([erika.email, max.email]);
    const raw = sent.get(erika.email)!;
    // No language is kept per person: the installation's default (`app`, English by default).
    expect(header(raw, 'Subject')).toBe('Reminder: 4 measures are due – Quality Audit');
    const text = plainText(raw);
    expect(text).toContain('Hello Erika Muster,');
    expect(text).toContain('due by Mar 13, 2026 or already overdue');
    const listed = [...text.matchAll(/^- (.*)$/gm)].map((m) => m[1]!.trim());
    expect(listed).toEqual([
      'Mark the aisles',
      'Fix the fire door',
      'Train the drivers',
      'Order new labels',
    ]);
    expect(text).toContain('Audit: Supplier Styr');
    expect(text).toContain('Due Feb 20, 2026 – overdue');
    expect(text).toMatch(/Due Mar 10, 2026\r?\n/);
    for (const id of ['overdue', 'today', 'shared', 'third-day']) {
      expect(text).toContain(measureUrl(id));
    }
    expect(text).not.toContain(measureUrl('later'));
    expect(text).toContain(`All measures: ${app.url}/measures`);
    expect(raw).toContain('text/html');

    const maxText = plainText(sent.get(max.email)!);
    expect(header(sent.get(max.email)!, 'Subject')).toBe(
      'Reminder: 2 measures are due – Quality Audit',
    );
    expect([...maxText.matchAll(/^- (.*)$/gm)].map((m) => m[1]!.trim())).toEqual([
      'Check the forklifts',
      'Train the drivers',
    ]);

    // The same day again, even from the start of the day's hour: nothing more.
    const again = await run(at(10, 23));
    expect(again.sent).toEqual([]);
    expect(again.alreadySent.sort()).toEqual([erika.personId, max.personId].sort());
    expect(await outboxCount()).toBe(2);
  });

  it('sends once when two instances on one database race', async () => {
    const before = await outboxCount();
    const second = openDatabase(app.config.database);
    const mail = new MailService(
      {
        smtpUrl: null,
        from: app.config.mail.from,
        outboxDir: path.join(app.dataDir, 'outbox'),
      },
      app.server.app.log,
    );
    try {
      const instance = new MeasureRemindersService({
        documents: new DocumentsRepository(second),
        people: new PeopleRepository(second),
        repository: new MeasureRemindersRepository(second),
        mail,
        publicUrl: app.url,
        log: app.server.app.log,
      });
      const reports = await Promise.all([
        run(at(11)),
        instance.run({ now: at(11) }),
        run(at(11)),
        instance.run({ now: at(11) }),
      ]);
      const sent = reports.flatMap((report) => report.sent);
      expect(sent.sort()).toEqual([erika.personId, max.personId].sort());
      expect(reports.flatMap((report) => report.failed)).toEqual([]);
    } finally {
      mail.close();
      await second.close();
    }
    expect(await outboxCount()).toBe(before + 2);
    expect([...(await mails(before)).keys()].sort()).toEqual([erika.email, max.email]);
  });

  it("writes in the installation's language, German here", async () => {
    await accepted(admin, 'configuration.update', {
      segment: 'app',
      data: { ...DEFAULT_APP_CONFIG, defaultLanguage: 'de' },
    });
    const before = await outboxCount();
    expect((await run(at(12))).sent).toHaveLength(2);
    const raw = (await mails(before)).get(erika.email)!;
    expect(header(raw, 'Subject')).toBe('Erinnerung: 5 Maßnahmen sind fällig – Quality Audit');
    const text = plainText(raw);
    expect(text).toContain('Hallo Erika Muster,');
    expect(text).toContain('bis zum 15.03.2026 fällig oder bereits überfällig');
    expect(text).toContain('Fällig am 20.02.2026 – überfällig');
    expect(text).toContain('Fällig am 14.03.2026'); // "later" is within 3 days now
    expect(text).toContain(measureUrl('later'));
    expect(text).toContain(`Alle Maßnahmen: ${app.url}/measures`);
  });

  it('a failed mail is not recorded and goes out in the next round', async () => {
    const outbox = path.join(app.dataDir, 'outbox');
    const kept = `${outbox}-kept`;
    await rename(outbox, kept);
    await writeFile(outbox, 'not a folder'); // writing a mail into it fails
    try {
      const failed = await run(at(13));
      expect(failed.sent).toEqual([]);
      expect(failed.failed.sort()).toEqual([erika.personId, max.personId].sort());
    } finally {
      await rm(outbox);
      await rename(kept, outbox);
    }
    const before = await outboxCount();
    const retried = await run(at(13, 9));
    expect(retried.sent.sort()).toEqual([erika.personId, max.personId].sort());
    expect(await outboxCount()).toBe(before + 2);
  });

  it('the scheduler runs at start and each round until the day is done, then stops', async () => {
    let now = at(14, 6);
    const calls: string[] = [];
    const service = app.server.reminders.service;
    const scheduler = new ReminderScheduler(
      {
        run: async (options: Parameters<typeof service.run>[0]) => {
          const report = await service.run(options);
          calls.push(`${report.day} ${report.outcome} ${report.sent.length}`);
          return report;
        },
      } as unknown as MeasureRemindersService,
      app.server.app.log,
      () => now,
      60_000,
    );
    const before = await outboxCount();
    scheduler.start();
    await scheduler.tick(); // the check at start
    now = at(14, 7);
    await scheduler.tick();
    await scheduler.tick(); // the day is done: no run at all
    expect(calls).toEqual(['2026-03-14 early 0', '2026-03-14 ran 2']);
    await scheduler.stop();
    now = at(15);
    await scheduler.tick();
    expect(calls).toHaveLength(2);
    expect(await outboxCount()).toBe(before + 2);
  });

  it('the remind command links to PUBLIC_URL, and refuses to send without it', async () => {
    const env = {
      DATA_DIR: app.dataDir,
      DATABASE_URL: app.config.database.kind === 'postgres' ? app.config.database.url : undefined,
    };
    const before = await outboxCount();
    // Run from a shell without the server's environment, the links led to localhost.
    const refused = await runCli('remind', ['--at', '2026-03-15T08:00'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('PUBLIC_URL');
    expect(await outboxCount()).toBe(before);

    const publicUrl = 'https://qa.example.com/audits';
    const sent = await runCli('remind', ['--at', '2026-03-15T08:00'], {
      ...env,
      PUBLIC_URL: `${publicUrl}/`,
    });
    expect(sent.code, sent.stderr).toBe(0);
    const text = plainText((await mails(before)).get(erika.email)!);
    expect(text).toContain(`${publicUrl}/measure/later-${dialect}`);
    expect(text).not.toContain('localhost');
  });

  it('sends nothing when switched off in the measure segment', async () => {
    await accepted(admin, 'configuration.update', {
      segment: 'measure',
      data: { ...DEFAULT_MEASURE_CONFIG, reminders: { enabled: false, daysBefore: 3, hour: 7 } },
    });
    const before = await outboxCount();
    expect(await run(at(16))).toMatchObject({ outcome: 'disabled', sent: [] });
    // The server's own scheduler: starts, finds them off, and the app's close stops it.
    app.server.reminders.start();
    await app.server.reminders.tick();
    expect(await outboxCount()).toBe(before);
  });
});
