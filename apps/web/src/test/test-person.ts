import type { Person } from '@qa/domain';

/** The signed-in person of the web tests; override what a test is about. */
export function testPerson(overrides: Partial<Person> = {}): Person {
  return {
    id: 'p1',
    displayName: 'Erika Muster',
    email: 'erika@example.com',
    avatar: null,
    type: 'active',
    roles: ['user'],
    accountId: 'a1',
    loginActive: true,
    createdDate: '2026-01-01',
    ...overrides,
  };
}
