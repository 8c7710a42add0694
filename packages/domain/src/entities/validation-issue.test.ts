import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { validationIssueMessages } from './validation-issue';

const messagesOf = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : validationIssueMessages(parsed.error);
};

describe('validationIssueMessages', () => {
  it("says 'Max {max} characters' for a text over its limit, with or without a key", () => {
    const schema = z.object({
      a: z.string().check(z.maxLength(3)),
      b: z.string().check(z.maxLength(2, 'validation.maxLength')),
    });
    expect(messagesOf(schema, { a: 'abcd', b: 'abc' })).toEqual([
      { key: 'validation.maxLength', params: { field: 'a', max: 3 } },
      { key: 'validation.maxLength', params: { field: 'b', max: 2 } },
    ]);
  });

  it("says 'At most {max} entries' for a list over its limit", () => {
    expect(messagesOf(z.array(z.number()).check(z.maxLength(1)), [1, 2])).toEqual([
      { key: 'validation.maxItems', params: { field: '', max: 1 } },
    ]);
  });

  it("keeps 'Invalid value' for anything else without a key", () => {
    expect(messagesOf(z.number().check(z.lte(1)), 2)).toEqual([
      { key: 'validation.invalid', params: { field: '', max: 1 } },
    ]);
    expect(messagesOf(z.string(), 1)).toEqual([
      { key: 'validation.invalid', params: { field: '' } },
    ]);
  });
});
