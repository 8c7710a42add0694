import { describe, expect, it } from 'vitest';
import { validateDocument } from '../sync/collections';
import { roleDocuments, ROLES_COLLECTION } from './roles.projection';

describe('roleDocuments', () => {
  it('lists the people who hold each role and may sign in', () => {
    const docs = roleDocuments([
      { id: 'p2', roles: ['user', 'admin'], type: 'active', loginActive: true, accountId: 'a2' },
      { id: 'p1', roles: ['user'], type: 'active', loginActive: true, accountId: 'a1' },
      { id: 'p3', roles: ['admin'], type: 'inactive', loginActive: false, accountId: 'a3' },
      { id: 'p4', roles: ['user'], type: 'inactive', loginActive: false, accountId: null },
    ]);
    expect(docs).toEqual([
      { id: 'user', description: 'User', members: { p1: { active: true }, p2: { active: true } } },
      { id: 'auditor', description: 'Auditor', members: {} },
      { id: 'qm', description: 'Quality Manager', members: {} },
      { id: 'admin', description: 'Administrator', members: { p2: { active: true } } },
      { id: 'measure-dispatcher', description: 'Measure dispatcher', members: {} },
    ]);
    expect(Object.keys(docs[0]!.members)).toEqual(['p1', 'p2']);
  });

  it('makes documents the roles collection accepts', () => {
    for (const doc of roleDocuments([])) {
      expect(validateDocument(ROLES_COLLECTION, doc.id, { ...doc })).toEqual({ ok: true });
    }
    expect(
      validateDocument(ROLES_COLLECTION, 'qm', { id: 'admin', description: '', members: {} }),
    ).toEqual({ ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] });
  });
});
