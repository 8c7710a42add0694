import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { validationIssueMessages } from './validation-issue';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : validationIssueMessages(parsed.error);
};

describe('validationIssueMessages', () => {
  it("says 'Max {max} characters' for a text over its limit, with or without a key", () => {
    const schema = z.object({ a: z.string().max(3), b: z.string().max(2, 'validation.maxLength') });
    expect(messagesOf(schema, { a: 'abcd', b: 'abc' })).toEqual([
      { key: 'validation.maxLength', params: { field: 'a', max: 3 } },
      { key: 'validation.maxLength', params: { field: 'b', max: 2 } },
    ]);
  });

  it("says 'At most {max} entries' for a list over its limit", () => {
    expect(messagesOf(z.array(z.number()).max(1), [1, 2])).toEqual([
      { key: 'validation.maxItems', params: { field: '', max: 1 } },
    ]);
  });

  it("keeps 'Invalid value' for anything else without a key", () => {
    expect(messagesOf(z.number().max(1), 2)).toEqual([
      { key: 'validation.invalid', params: { field: '', max: 1 } },
    ]);
    expect(messagesOf(z.string(), 1)).toEqual([
      { key: 'validation.invalid', params: { field: '' } },
    ]);
  });
});
