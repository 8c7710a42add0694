import { describe, expect, it } from 'vitest';
import {
  personDocumentSchema,
  personSchema,
  preferencesOf,
  toPersonDocument,
  type Person,
} from '../person';
import { receivesReminders } from '../workflow/measure-reminders';

const base: Person = {
  id: 'p1',
  displayName: 'Dora',
  email: 'dora@example.com',
  avatar: null,
  type: 'active',
  roles: ['user'],
  accountId: 'acc-1',
  loginActive: true,
  createdDate: '2026-01-01T00:00:00.000Z',
};

describe('a person’s language and preferences', () => {
  it('are optional on the record and default when absent', () => {
    expect(personSchema.parse(base)).toEqual(base);
    expect(preferencesOf(base)).toEqual({ defaultPlanningYear: null, reminderMails: true });
    expect(
      preferencesOf({ preferences: { defaultPlanningYear: 2027, reminderMails: false } }),
    ).toEqual({ defaultPlanningYear: 2027, reminderMails: false });
    expect(personSchema.safeParse({ ...base, language: 'fr' }).success).toBe(false);
    expect(
      personSchema.safeParse({ ...base, preferences: { reminderMails: true, extra: 1 } }).success,
    ).toBe(false);
  });

  it('never reach the replicated document', () => {
    const person: Person = {
      ...base,
      language: 'de',
      preferences: { defaultPlanningYear: 2027, reminderMails: false },
    };
    expect(toPersonDocument(person)).toEqual({
      id: 'p1',
      displayName: 'Dora',
      email: 'dora@example.com',
      avatar: null,
      type: 'active',
      roles: ['user'],
    });
    expect(
      personDocumentSchema.safeParse({ ...toPersonDocument(person), language: 'de' }).success,
    ).toBe(false);
    expect(
      personDocumentSchema.safeParse({
        ...toPersonDocument(person),
        preferences: { defaultPlanningYear: null, reminderMails: true },
      }).success,
    ).toBe(false);
  });

  it('switch reminder mails off', () => {
    expect(receivesReminders(base)).toBe(true);
    expect(
      receivesReminders({
        ...base,
        preferences: { defaultPlanningYear: null, reminderMails: true },
      }),
    ).toBe(true);
    expect(
      receivesReminders({
        ...base,
        preferences: { defaultPlanningYear: null, reminderMails: false },
      }),
    ).toBe(false);
  });
});
