import { describe, expect, it } from 'vitest';
import { VDA63_RULE_SETS, vdaRuleSetSchema } from './vda-rules';

describe('the built-in VDA 6.3 rule sets', () => {
  it.each(Object.entries(VDA63_RULE_SETS))(
    'edition %s keeps to the rule-set schema',
    (edition, rules) => {
      expect(vdaRuleSetSchema.parse(rules)).toEqual(rules);
      expect(rules.edition).toBe(edition);
    },
  );

  it('the schema refuses a rule set that breaks it', () => {
    const broken = { ...VDA63_RULE_SETS['2016']!, colours: { green: 150, yellow: 80 } };
    expect(vdaRuleSetSchema.safeParse(broken).success).toBe(false);
  });
});
