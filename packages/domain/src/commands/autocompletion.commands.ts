import { z } from 'zod/mini';
import {
  AUTOCOMPLETION_COLLECTION,
  AUTOCOMPLETION_ID_PATTERN,
  autocompletionListSchema,
  planAutocompletionSave,
  type AutocompletionList,
} from '../entities/autocompletion.schema';
import { MAX_ID_LENGTH } from '../ids';
import { commandError, commandOk, defineCommand, toJsonValue } from './define-command';

/**
 * Only an id the list rule accepts names a document: any other ('', 'Bad Id', a NUL) is looked
 * up nowhere and refused by `planAutocompletionSave` with 'autocompletion.documentIdInvalid'.
 */
function isListId(id: string): boolean {
  return AUTOCOMPLETION_ID_PATTERN.test(id);
}

/**
 * `autocompletion.save` {id, title, data}: writes one autocompletion list (document id = list
 * id, payload without the id) by the rules of `planAutocompletionSave`: an invalid list is a
 * `rule` error; a list equal to the stored one is ok with no ops and `unchanged: true` ('no
 * changes found'); otherwise one `set` op and the '{title} gespeichert' message. A stored document
 * that no longer matches the schema counts as absent, so saving repairs it.
 */
export const saveAutocompletionCommand = defineCommand({
  name: 'autocompletion.save',
  args: z.object({
    id: z.string().check(z.maxLength(MAX_ID_LENGTH)),
    title: z.string(),
    data: z.array(z.unknown()),
  }),
  action: 'customerData.update',
  reads: ({ id }) => (isListId(id) ? [{ collection: AUTOCOMPLETION_COLLECTION, id }] : []),
  run(state, args) {
    const document = isListId(args.id) ? state.get(AUTOCOMPLETION_COLLECTION, args.id) : undefined;
    let stored: AutocompletionList | undefined;
    if (document) {
      const parsed = autocompletionListSchema.safeParse({ ...document, id: args.id });
      if (parsed.success) stored = parsed.data;
    }
    const plan = planAutocompletionSave(stored, args);
    switch (plan.kind) {
      case 'invalid':
        return commandError('rule', plan.errors[0]!, plan.errors);
      case 'unchanged':
        return commandOk([], { unchanged: true, message: plan.message });
      case 'save':
        return commandOk(
          [
            {
              op: 'set',
              collection: AUTOCOMPLETION_COLLECTION,
              id: plan.id,
              path: [],
              value: toJsonValue(plan.payload),
            },
          ],
          {
            activity: { verb: 'updated', object: plan.payload.title, objectUrl: '/customerdata' },
            message: plan.success,
          },
        );
    }
  },
});
