import type { DomainMessage } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { placeIssues } from './place-issues';

const fieldOf = (issue: DomainMessage) =>
  issue.params?.field === 'text' ? ('text' as const) : null;
const translate = (issue: DomainMessage) => issue.key;

describe('placeIssues', () => {
  it('puts issues at their fields, joins several, keeps the rest general', () => {
    expect(
      placeIssues(
        { key: 'refused' },
        [
          { key: 'tooLong', params: { field: 'text' } },
          { key: 'empty', params: { field: 'text' } },
          { key: 'other' },
          { key: 'more' },
        ],
        fieldOf,
        translate,
      ),
    ).toEqual({ fields: { text: 'tooLong; empty' }, general: 'other; more' });
  });

  it('takes the message itself when there are no issues', () => {
    expect(placeIssues({ key: 'refused' }, [], fieldOf, translate)).toEqual({
      fields: {},
      general: 'refused',
    });
  });
});
