import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ROLE_IDS } from '../roles';
import { activitySchema, isActivityUnread, unreadActivityCount } from './activity.schema';
import { attachmentMetadataSchema, attachmentStorageName } from './attachment.schema';
import { activeRoleMembers, DEFAULT_ROLES, roleSchema } from './role.schema';
import { validationIssueMessage } from './validation-issue';

describe('activities', () => {
  const activity = activitySchema.parse({
    id: 'x1',
    actor: 'u1',
    actor_name: 'Anna',
    verb: 'created',
    object: 'Audit Munich',
    object_url: '/audit/a1',
    timestamp: '2025-01-01T08:00:00Z',
    notified: { u2: true, u3: false },
  });

  it('is unread for a user without a read mark', () => {
    expect(isActivityUnread(activity, 'u2')).toBe(false);
    expect(isActivityUnread(activity, 'u3')).toBe(true);
    expect(isActivityUnread(activity, 'u4')).toBe(true);
    expect(unreadActivityCount([activity, { notified: {} }], 'u2')).toBe(1);
  });

  it('defaults avatar and read marks', () => {
    const { avatar, notified } = activitySchema.parse({
      ...activity,
      avatar: undefined,
      notified: undefined,
    });
    expect([avatar, notified]).toEqual([null, {}]);
  });
});

describe('roles', () => {
  it('counts only active members, sorted', () => {
    const role = roleSchema.parse({
      id: 'auditor',
      description: 'Auditor',
      members: { u3: { active: true }, u1: { active: true }, u2: { active: false } },
    });
    expect(activeRoleMembers(role)).toEqual(['u1', 'u3']);
  });

  it('seeds every built-in role with the spec descriptions', () => {
    expect(DEFAULT_ROLES.map((role) => role.id)).toEqual([...ROLE_IDS]);
    expect(DEFAULT_ROLES.find((role) => role.id === 'qm')?.description).toBe('Quality Manager');
    for (const role of DEFAULT_ROLES) expect(roleSchema.parse(role)).toEqual(role);
  });

  it('rejects an unknown role id', () => {
    expect(roleSchema.safeParse({ id: 'boss', description: 'Boss' }).success).toBe(false);
  });
});

describe('attachments', () => {
  it('puts the file id before the extension', () => {
    expect(attachmentStorageName('photo.jpg', 'abc')).toBe('photo_abc.jpg');
    expect(attachmentStorageName('report.v2.pdf', 'abc')).toBe('report.v2_abc.pdf');
    expect(attachmentStorageName('README', 'abc')).toBe('README_abc');
    expect(attachmentStorageName('.hidden', 'abc')).toBe('.hidden_abc');
  });

  it('needs the file id, the rest is optional', () => {
    expect(attachmentMetadataSchema.safeParse({ fileId: 'f', auditId: 'a' }).success).toBe(true);
    expect(attachmentMetadataSchema.safeParse({ auditId: 'a' }).success).toBe(false);
  });
});

describe('validationIssueMessage', () => {
  it('keeps a message key and adds the field path and limits', () => {
    const schema = z.object({
      a: z.string().check(z.minLength(2, { error: 'validation.minLength' })),
    });
    const issue = schema.safeParse({ a: 'x' }).error!.issues[0]!;
    expect(validationIssueMessage(issue)).toEqual({
      key: 'validation.minLength',
      params: { field: 'a', min: 2 },
    });
  });

  it('maps a plain zod text to validation.invalid', () => {
    const issue = z.number().safeParse('x').error!.issues[0]!;
    expect(validationIssueMessage(issue)).toEqual({
      key: 'validation.invalid',
      params: { field: '' },
    });
  });
});
