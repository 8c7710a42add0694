import { DEFAULT_TEMPLATE_CONFIG } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { itemIdChunks } from './template-delete-dialog';
import {
  createTemplateArgs,
  newTemplateFormValues,
  storedTemplateFormValues,
  templateFieldOf,
  templateUseOf,
  updateTemplateArgs,
} from './template-model';

describe('template model', () => {
  it('starts a new template with the configured defaults (ISO 9001, internal)', () => {
    const values = newTemplateFormValues(DEFAULT_TEMPLATE_CONFIG);
    expect(values.standard).toBe('iso9001');
    expect(values.audited_by).toBe('internal');
    expect(createTemplateArgs('t1', { ...values, name: ' A ', tags: ['x', ' x ', ''] })).toEqual({
      id: 't1',
      name: 'A',
      standard: 'iso9001',
      type: '',
      audited_by: 'internal',
      scope: [],
      process: [],
      tags: ['x'],
    });
  });

  it('sends only the changed fields, or nothing', () => {
    const initial = storedTemplateFormValues({ name: 'A', standard: ['vda63'], tags: ['x'] });
    expect(initial.standard).toBe('vda63');
    expect(updateTemplateArgs('t1', initial, initial)).toBeNull();
    expect(updateTemplateArgs('t1', initial, { ...initial, name: 'B', tags: ['x', 'y'] })).toEqual({
      id: 't1',
      changes: { name: 'B', tags: ['x', 'y'] },
    });
  });

  it('places issues at their fields', () => {
    expect(templateFieldOf({ key: 'validation.required', params: { field: 'changes.name' } })).toBe(
      'name',
    );
    expect(templateFieldOf({ key: 'validation.required', params: { field: 'tags.0' } })).toBe(
      'tags',
    );
    expect(templateFieldOf({ key: 'validation.required' })).toBeNull();
  });

  it('reads which version an audit was prepared from', () => {
    expect(
      templateUseOf('a1', {
        name: 'Audit',
        workflow: { status: '2' },
        preparedFrom: { templateId: 't', version: 3 },
      }),
    ).toEqual({ id: 'a1', name: 'Audit', status: '2', version: 3 });
    expect(templateUseOf('a2', {})).toEqual({ id: 'a2', name: 'a2', status: '', version: null });
  });

  it('cuts item ids into command-sized parts', () => {
    expect(itemIdChunks([], 2)).toEqual([[]]);
    expect(itemIdChunks(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });
});
