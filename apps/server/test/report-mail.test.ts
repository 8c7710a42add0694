import { ACTIVITIES_COLLECTION, MAX_REPORT_PDF_BYTES, PEOPLE_COLLECTION } from '@qa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlidingWindowLimit } from '../src/modules/reports/sliding-window-limit';
import { ApiContract } from './api/api-contract';
import { describeEachDialect } from './support/dialects';
import { accepted, createAudit, filePerson, type FilePerson } from './support/file-owners';
import { decodeQuotedPrintable, outboxMessages, plainText } from './support/mail-message';
import { startApp, type TestApp } from './support/start-app';

interface ErrorBody {
  error: { code: string; message: string; details?: { key: string; params?: unknown } };
}

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80]),
  Buffer.from('\n%%EOF\n'),
]);

/** The header value of a raw message (first occurrence), unfolded and decoded if encoded. */
function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: ((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  const value = (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return value.replace(/=\?utf-8\?([QB])\?(.*?)\?=\s?/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The attachments of a raw message: file name, type and decoded bytes. */
function attachments(raw: string): { type: string; name: string; bytes: Buffer }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const found: { type: string; name: string; bytes: Buffer }[] = [];
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) continue;
      const head = part.slice(0, split);
      if (!/Content-Disposition: attachment/i.test(head)) continue;
      const body = part.slice(split).replace(/\s+/g, '');
      found.push({
        type: /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '',
        name: header(head.trim(), 'Content-Disposition').match(/filename="?([^"]+)"?/)?.[1] ?? '',
        bytes: Buffer.from(body, 'base64'),
      });
    }
  }
  return found;
}

describe('the report rate limit', () => {
  it('allows max events per key in a sliding window', () => {
    const limit = new SlidingWindowLimit(2, 1_000);
    expect(limit.allows('a', 0)).toBe(true);
    limit.record('a', 0);
    limit.record('a', 500);
    expect(limit.allows('a', 900)).toBe(false);
    expect(limit.allows('b', 900)).toBe(true);
    expect(limit.allows('a', 1_001)).toBe(true);
  });
});

describeEachDialect('mailing the PDF report', (dialect) => {
  let app: TestApp;
  let qm: FilePerson;
  let stranger: FilePerson;
  /** Every answer is checked against the OpenAPI document (issue 16). */
  let contract: ApiContract;
  const auditId = 'audit-report-mail';

  const post = (
    who: { cookie: string } | null,
    fields: Record<string, string | string[]>,
    file: Buffer | null = PDF,
    headers: Record<string, string> = {},
    id = auditId,
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const entry of Array.isArray(value) ? value : [value]) body.append(name, entry);
    }
    if (file) {
      body.append(
        'file',
        new Blob([new Uint8Array(file)], { type: 'application/pdf' }),
        'Bericht.pdf',
      );
    }
    return contract.fetch(`${app.url}/api/v1/audits/${id}/report/mail`, {
      method: 'POST',
      body,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: app.url, ...headers },
    });
  };
  const outboxCount = async () => (await outboxMessages(app.dataDir)).length;

  /** A refusal: its status, code and message key, and no mail written. */
  async function refused(
    request: Promise<Response>,
    status: number,
    code: string,
    key?: string,
  ): Promise<ErrorBody> {
    const before = await outboxCount();
    const response = await request;
    const body = (await response.json()) as ErrorBody;
    expect([response.status, body.error.code], JSON.stringify(body)).toEqual([status, code]);
    if (key) expect(body.error.details?.key).toBe(key);
    expect(await outboxCount()).toBe(before);
    return body;
  }

  beforeAll(async () => {
    app = await startApp({ dialect });
    contract = new ApiContract(await (await fetch(`${app.url}/api/v1/openapi.json`)).json());
    qm = await filePerson(app, 'qm.report@example.com', ['qm']);
    stranger = await filePerson(app, 'other.auditor@example.com', ['auditor']);
    await accepted(qm, 'person.createInactive', {
      id: 'erika',
      displayName: 'Erika Empfängerin',
      email: 'erika@example.com',
    });
    await accepted(qm, 'person.createInactive', {
      id: 'max',
      displayName: 'Max Mustermann',
      email: 'max@example.com',
    });
    // A person of the directory without an address (imported, say).
    const { documents } = app.server.sync;
    await documents.transaction(async () => {
      const seq = (await documents.lockLog()) + 1;
      const data = {
        id: 'nomail',
        displayName: 'Nora Ohnemail',
        email: null,
        avatar: null,
        type: 'inactive',
        roles: ['user'],
      };
      await documents.write(
        {
          collection: PEOPLE_COLLECTION,
          id: 'nomail',
          version: 1,
          deleted: false,
          updatedAt: new Date().toISOString(),
          data,
        },
        seq,
        null,
        null,
      );
      await documents.setLastSequence(seq);
    });
    await createAudit(qm, auditId, { lead: qm.personId });
  });
  afterAll(async () => {
    qm?.socket.close();
    stranger?.socket.close();
    await app?.stop();
  });

  it('mails the PDF to each person, in the sender’s language, and records the activity', async () => {
    const before = await outboxCount();
    const response = await post(qm, {
      recipients: ['erika', 'max'],
      message: 'Bitte bis Freitag prüfen.',
      language: 'de',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      sent: [
        { id: 'erika', name: 'Erika Empfängerin' },
        { id: 'max', name: 'Max Mustermann' },
      ],
    });

    const mails = (await outboxMessages(app.dataDir)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.map((raw) => header(raw, 'To'))).toEqual(['erika@example.com', 'max@example.com']);
    for (const raw of mails) {
      expect(header(raw, 'Subject')).toBe('Auditbericht Audit audit-report-mail – Quality Audit');
      const text = plainText(raw);
      expect(text).toContain(
        'qm.report@example.com sendet Ihnen den Bericht des Audits „Audit audit-report-mail“',
      );
      expect(text).toContain('Bitte bis Freitag prüfen.');
      expect(text).toContain(`${app.url}/audit/${auditId}/auditreporting`);
      const [attachment, ...more] = attachments(raw);
      expect(more).toEqual([]);
      expect(attachment?.type).toBe('application/pdf');
      expect(attachment?.name).toBe('Bericht.pdf');
      expect(attachment?.bytes.equals(PDF)).toBe(true);
    }

    const activities = (await app.server.sync.documents.liveDocuments(ACTIVITIES_COLLECTION))
      .map((doc) => doc.data)
      .filter((data) => data.verb === 'reportSent');
    expect(activities).toEqual([
      expect.objectContaining({
        actor: qm.personId,
        object: 'Audit audit-report-mail → Erika Empfängerin, Max Mustermann',
        object_url: `/audit/${auditId}/auditreporting`,
      }),
    ]);
  });

  it('writes in English when the sender works in English', async () => {
    const before = await outboxCount();
    const response = await post(qm, { recipients: 'erika' }, PDF, { 'accept-language': 'en-GB' });
    expect(response.status).toBe(200);
    const [raw] = (await outboxMessages(app.dataDir)).slice(before);
    expect(header(raw!, 'Subject')).toBe('Audit report Audit audit-report-mail – Quality Audit');
  });

  it('refuses a recipient without e-mail or unknown, naming them, and mails nobody', async () => {
    const noMail = await refused(
      post(qm, { recipients: ['erika', 'nomail'] }),
      400,
      'invalid_request',
      'reportMail.recipientNoEmail',
    );
    expect(noMail.error.details?.params).toEqual({ name: 'Nora Ohnemail' });
    await refused(
      post(qm, { recipients: ['erika', 'ghost'] }),
      404,
      'not_found',
      'reportMail.recipientUnknown',
    );
    await refused(post(qm, {}), 400, 'invalid_request', 'reportMail.recipientsRequired');
  });

  it('refuses what is not a PDF, or too large', async () => {
    await refused(
      post(qm, { recipients: 'erika' }, Buffer.from('<html>%PDF-</html>')),
      415,
      'unsupported_media_type',
      'reportMail.notPdf',
    );
    const big = Buffer.alloc(MAX_REPORT_PDF_BYTES + 1);
    PDF.copy(big);
    await refused(
      post(qm, { recipients: 'erika' }, big),
      413,
      'payload_too_large',
      'reportMail.tooLarge',
    );
    await refused(post(qm, { recipients: 'erika' }, null), 400, 'invalid_request');
  });

  it('refuses strangers, the signed-out, foreign pages and unknown audits', async () => {
    await refused(post(stranger, { recipients: 'erika' }), 403, 'forbidden', 'permission.denied');
    await refused(post(null, { recipients: 'erika' }), 401, 'unauthenticated');
    await refused(
      post(qm, { recipients: 'erika' }, PDF, { origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    await refused(
      post(qm, { recipients: 'erika' }, PDF, {}, 'no-such-audit'),
      404,
      'not_found',
      'reportMail.auditNotFound',
    );
  });

  it('lets a co-auditor send the report of a completed (protected) audit', async () => {
    const coauditor = await filePerson(app, 'co.report@example.com', ['auditor']);
    try {
      const id = await createAudit(qm, 'audit-report-mail-2', {
        lead: qm.personId,
        coauditors: [coauditor.personId],
      });
      await accepted(qm, 'audit.complete', { id });
      const response = await post(coauditor, { recipients: 'max' }, PDF, {}, id);
      expect(response.status).toBe(200);
    } finally {
      coauditor.socket.close();
    }
  });

  it('answers as the OpenAPI document describes', () => {
    expect(contract.checked.length).toBeGreaterThan(10);
    expect(contract.breaches).toEqual([]);
  });
});
