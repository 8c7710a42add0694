import { describe, expect, it } from 'vitest';
import { measureChecker } from './measure-checker';

const roles: Record<string, string[]> = {
  quinn: ['user', 'qm'],
  otto: ['user', 'auditor'],
};
const rolesOf = (id: string) => roles[id];

describe('measureChecker', () => {
  it('is the author when they may decide the check, else nobody in person', () => {
    expect(measureChecker({ autor: 'quinn' }, rolesOf)).toBe('quinn');
    expect(measureChecker({ autor: 'otto' }, rolesOf)).toBeNull();
    expect(measureChecker({ autor: 'gone' }, rolesOf)).toBeNull();
  });
});
