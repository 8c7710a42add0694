import { describe, expect, it } from 'vitest';
import { auditComparability, comparabilityOf, gradingBasisOf } from './comparability';

const vda = { reportSchema: { calcSchema: 'vda63' }, vdaEdition: '2016' };

describe('like with like (issue 34.3)', () => {
  it('reads an audit’s basis: VDA 6.3 in its edition, else its calc schema', () => {
    expect(gradingBasisOf(vda)).toEqual({ kind: 'vda63', edition: '2016' });
    // Not recorded yet: graded by the current edition.
    expect(gradingBasisOf({ reportSchema: { calcSchema: 'vda63' } })).toEqual({
      kind: 'vda63',
      edition: '2016',
    });
    expect(gradingBasisOf({ reportSchema: { calcSchema: 'deviation' } })).toEqual({
      kind: 'schema',
      schema: 'deviation',
    });
    // No schema stored: the scoring's default name.
    expect(gradingBasisOf({})).toEqual({ kind: 'schema', schema: 'compliance' });
  });

  it('rescores an earlier audit of the other schema under the current one', () => {
    expect(
      auditComparability(
        { reportSchema: { calcSchema: 'deviation' } },
        { reportSchema: { calcSchema: 'compliance' } },
      ),
    ).toEqual({
      basis: { kind: 'schema', schema: 'compliance' },
      earlierBasis: { kind: 'schema', schema: 'deviation' },
      rescored: true,
      notComparable: null,
    });
    expect(auditComparability(vda, vda)).toMatchObject({ rescored: false, notComparable: null });
  });

  it('marks a VDA grade beside a scored result, and VDA editions apart, as not comparable', () => {
    expect(auditComparability({}, vda).notComparable).toBe('vdaAndSchema');
    expect(auditComparability(vda, {}).notComparable).toBe('vdaAndSchema');
    expect(
      comparabilityOf({ kind: 'vda63', edition: '2016' }, { kind: 'vda63', edition: '2023' })
        .notComparable,
    ).toBe('vdaEdition');
  });
});
