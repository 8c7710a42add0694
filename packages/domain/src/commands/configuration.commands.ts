import { z } from 'zod/mini';
import {
  CONFIG_SEGMENTS,
  CONFIGURATION_COLLECTION,
  parseConfigSegment,
} from '../config/configuration';
import { commandError, commandOk, defineCommand, toJsonValue } from './define-command';

/**
 * `configuration.update` {segment, data}: replaces one configuration segment document (id = the
 * segment name) after validating it with the segment's schema. Admin only. An invalid document is
 * a `rule` error carrying the schema's first message key, `issues` all of them with their field.
 */
export const updateConfigurationCommand = defineCommand({
  name: 'configuration.update',
  args: z.object({ segment: z.enum(CONFIG_SEGMENTS), data: z.unknown() }),
  action: 'configuration.update',
  reads: () => [],
  run(_state, { segment, data }) {
    const parsed = parseConfigSegment(segment, data);
    if (!parsed.ok) return commandError('rule', parsed.errors[0]!, parsed.errors);
    return commandOk(
      [
        {
          op: 'set',
          collection: CONFIGURATION_COLLECTION,
          id: segment,
          path: [],
          value: toJsonValue(parsed.data),
        },
      ],
      { activity: { verb: 'updated', object: segment, objectUrl: '/configuration' } },
    );
  },
});
