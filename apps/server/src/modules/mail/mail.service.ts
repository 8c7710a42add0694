import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a mail (the PDF report, issue 13); nodemailer encodes it as base64. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  /** Where mails go when there is no SMTP server: DATA_DIR/outbox. */
  outboxDir: string;
}

/**
 * Sends mail over SMTP, or without SMTP_URL writes each message as an .eml file to the outbox
 * so a fresh installation can still reset passwords (the admin opens the file).
 * Sending runs in the background so the answer to "reset my password" takes the same time
 * whether or not the address is known; close() waits for what is still on its way.
 */
export class MailService {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  /** Queues the message; failures are logged, never shown to the requester. */
  send(message: MailMessage, logContext: Record<string, unknown> = {}): void {
    const job = this.deliver(message, logContext).catch((err: unknown) => {
      this.log.error({ err, ...logContext }, 'mail could not be sent');
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /**
   * Sends and waits for it; throws when the mail could not be sent, so the caller can try again
   * later (the reminders do). Counted by drain() like queued mails.
   */
  async sendNow(message: MailMessage, logContext: Record<string, unknown> = {}): Promise<void> {
    const job = this.deliver(message, logContext);
    const settled = job.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
    await job;
  }

  private async deliver(message: MailMessage, logContext: Record<string, unknown>) {
    const info = (await this.transport.sendMail({ from: this.config.from, ...message })) as {
      message?: Buffer;
      messageId?: string;
    };
    if (this.config.smtpUrl) {
      this.log.info({ ...logContext, messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(this.config.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.config.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message ?? '', { mode: 0o600 });
    this.log.info({ ...logContext, file }, 'mail written to the outbox (no SMTP_URL set)');
  }

  /**
   * Waits for queued mails; used on shutdown and by tests. With a timeout it gives up after
   * that long (a hung SMTP server must not hold a shutdown) and answers whether all were done.
   */
  async drain(timeoutMs?: number): Promise<boolean> {
    const settled = (async () => {
      while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
      return true;
    })();
    if (timeoutMs === undefined) return settled;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([settled, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Mails queued and not yet sent (or failed). */
  get pendingCount(): number {
    return this.pending.size;
  }

  close(): void {
    this.transport.close();
  }
}
