import type { Database } from '../../db/database';

export interface ReminderClaim {
  personId: string;
  day: string;
  /** The claiming run's random id. */
  claim: string;
  /** ISO timestamp of the claim. */
  at: string;
  measureCount: number;
}

/**
 * The record of reminder mails, one row per person and day (0009-measure-reminders). A claim is
 * one statement on the primary key, so of several instances racing exactly one gets it.
 */
export class MeasureRemindersRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db.executor;
  }

  /**
   * Claims the person's mail of the day: true when this run got it (there was no row yet). A row
   * left without `sent_at` by a crash is not taken over: the mail may have gone out already.
   */
  async claim(claim: ReminderClaim): Promise<boolean> {
    const inserted = await this.db
      .insertInto('measure_reminders')
      .values({
        person_id: claim.personId,
        day: claim.day,
        claim: claim.claim,
        claimed_at: claim.at,
        sent_at: null,
        measure_count: claim.measureCount,
      })
      .onConflict((conflict) => conflict.columns(['person_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The mail went out. */
  async markSent(claim: ReminderClaim, sentAt: string): Promise<void> {
    await this.db
      .updateTable('measure_reminders')
      .set({ sent_at: sentAt })
      .where('person_id', '=', claim.personId)
      .where('day', '=', claim.day)
      .where('claim', '=', claim.claim)
      .execute();
  }

  /** The mail failed: gives the claim up so a later round tries again. */
  async release(claim: ReminderClaim): Promise<void> {
    await this.db
      .deleteFrom('measure_reminders')
      .where('person_id', '=', claim.personId)
      .where('day', '=', claim.day)
      .where('claim', '=', claim.claim)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** Forgets days before `day` (the record only has to outlive the day). */
  async pruneBefore(day: string): Promise<void> {
    await this.db.deleteFrom('measure_reminders').where('day', '<', day).execute();
  }
}
