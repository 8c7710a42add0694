import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION } from '../config/configuration';
import { createCommandRegistry } from './command-registry';
import { DOMAIN_COMMANDS, domainCommandRegistry } from './commands';
import { commandOk, defineCommand } from './define-command';
import { MemoryState, testContext } from './test-helpers';

const noop = (name: string) =>
  defineCommand({
    name,
    args: z.object({}),
    action: 'audit.read',
    reads: () => [],
    run: () => commandOk([]),
  });

describe('createCommandRegistry', () => {
  it('finds commands by name and lists the names in order', () => {
    const registry = createCommandRegistry([noop('a.one'), noop('a.two')]);
    expect(registry.names()).toEqual(['a.one', 'a.two']);
    expect(registry.get('a.two')?.name).toBe('a.two');
    expect(registry.has('a.one')).toBe(true);
    expect(registry.get('a.three')).toBeUndefined();
    expect(registry.get('toString')).toBeUndefined();
  });

  it('rejects two definitions with one name', () => {
    expect(() => createCommandRegistry([noop('a.one'), noop('a.one')])).toThrow(/a\.one/);
  });

  it('answers an unknown command with command.unknown', () => {
    const registry = createCommandRegistry([noop('a.one')]);
    const unknown = {
      ok: false,
      error: {
        code: 'invalid_args',
        message: { key: 'command.unknown', params: { command: 'a.nope' } },
      },
    };
    expect(registry.execute('a.nope', {}, new MemoryState(), testContext(['admin']))).toEqual(
      unknown,
    );
    expect(registry.reads('a.nope', {})).toEqual(unknown);
  });

  it('executes and plans reads by name', () => {
    const registry = createCommandRegistry([noop('a.one')]);
    expect(registry.execute('a.one', {}, new MemoryState(), testContext(['user']))).toEqual({
      ok: true,
      ops: [],
    });
    expect(registry.reads('a.one', {})).toEqual({ ok: true, args: {}, reads: [] });
  });
});

describe('domainCommandRegistry', () => {
  it('holds the product commands', () => {
    expect(domainCommandRegistry.names()).toEqual([
      'configuration.update',
      'autocompletion.save',
      'standard.import',
      'audit.create',
      'audit.update',
      'audit.updateCompanyMetadata',
      'audit.delete',
      'audit.protect',
      'audit.unprotect',
      'audit.changeStatus',
      'audit.complete',
      'audit.updateReportData',
      'audit.import',
      'auditItem.create',
      'auditItem.update',
      'auditItem.delete',
      'auditItem.deactivate',
      'auditItem.reactivate',
      'auditItem.import',
      'auditItem.evaluate',
      'audit.useTemplate',
      'audit.copyItems',
      'template.create',
      'template.update',
      'template.delete',
      'templateItem.create',
      'templateItem.update',
      'templateItem.delete',
      'templateItem.import',
      'finding.create',
      'finding.update',
      'finding.delete',
      'finding.reactivate',
      'finding.attachMedia',
      'finding.removeMedia',
      'person.createInactive',
      'measure.create',
      'measure.update',
      'measure.assign',
      'measure.changeStatus',
      'measure.checkEffectiveness',
      'measure.delete',
      'activity.markRead',
      'favorite.set',
    ]);
    expect(DOMAIN_COMMANDS.map((command) => command.name)).toEqual(domainCommandRegistry.names());
  });

  it('runs configuration.update for an admin', () => {
    const result = domainCommandRegistry.execute(
      'configuration.update',
      { segment: 'user', data: DEFAULT_CONFIGURATION.user },
      new MemoryState(),
      testContext(['admin']),
    );
    expect(result.ok && result.ops.map((op) => [op.collection, op.id])).toEqual([
      ['configuration', 'user'],
    ]);
  });
});
