import { describe, expect, it } from 'vitest';
import {
  loadSignedInData,
  registerSignedInLoader,
  registerSignOutCleanup,
  runSignOutCleanup,
} from './session-lifecycle';
import { testPerson } from '../../test/test-person';

const person = testPerson();

describe('session lifecycle', () => {
  it('loads in the order of the spec whatever the registration order, past failures', async () => {
    const calls: string[] = [];
    const off = [
      registerSignedInLoader('activities', async () => void calls.push('activities')),
      registerSignedInLoader('users', async () => {
        calls.push('users');
        throw new Error('boom');
      }),
      registerSignedInLoader('configuration', async () => void calls.push('configuration')),
    ];
    const error = console.error;
    console.error = () => {};
    try {
      await loadSignedInData(person);
    } finally {
      console.error = error;
      off.forEach((unregister) => unregister());
    }
    expect(calls).toEqual(['configuration', 'users', 'activities']);
  });

  it('runs every registered clean-up on sign-out', async () => {
    let cleaned = 0;
    const off = registerSignOutCleanup(() => {
      cleaned += 1;
    });
    await runSignOutCleanup();
    off();
    await runSignOutCleanup();
    expect(cleaned).toBe(1);
  });
});
