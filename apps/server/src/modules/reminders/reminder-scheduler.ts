import { localDay } from '@qa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { MeasureRemindersService } from './measure-reminders.service';

/** How often the server looks whether the day's reminders are due. */
export const REMINDER_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Runs the reminders in the server process: at start and then every 15 minutes it looks whether
 * the day's run is due (switched on, the configured hour reached) and runs it. A day is done for
 * this instance after a round without failures; a failed mail is tried in the next round. The
 * timer never keeps the process alive, and stop() (the app's close hook) waits for a running
 * round so the database is not closed under it. Errors are logged, never thrown.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private doneDay: string | null = null;

  constructor(
    readonly service: MeasureRemindersService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
    private readonly intervalMs = REMINDER_CHECK_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** One check (the timer's); joins a round still running. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    const now = this.clock();
    const day = localDay(now);
    if (this.doneDay === day) return;
    try {
      const report = await this.service.run({ now });
      if (report.outcome === 'ran' && report.failed.length === 0) this.doneDay = day;
      if (report.sent.length > 0 || report.failed.length > 0) {
        this.log.info({ reminders: report }, 'measure reminders sent');
      }
    } catch (err) {
      this.log.error({ err }, 'measure reminders failed; tried again next round');
    }
  }

  /**
   * Stops the timer and waits for a running round, at most `timeoutMs` (a hung SMTP server must
   * not hold a shutdown; a round cut off leaves its claim, so no mail is sent twice).
   */
  async stop(timeoutMs = 3_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([this.running, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
