import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initialsOf('Erika Muster')).toBe('EM');
    expect(initialsOf('  hans peter  müller ')).toBe('HM');
    expect(initialsOf('admin')).toBe('A');
    expect(initialsOf('Österreich Ärger')).toBe('ÖÄ');
    expect(initialsOf('')).toBe('?');
  });
});
