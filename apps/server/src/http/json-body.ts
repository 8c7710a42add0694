import { jsonTextTooDeep, MAX_JSON_DEPTH } from '@qa/sync';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';

/**
 * Fastify's JSON body parser (with its prototype-poisoning checks), behind a nesting limit read
 * before parsing: a body nested a few thousand levels deep parses fine but overflows the stack
 * of whatever walks it recursively later (a zod schema, JSON.stringify in the auth bridge), which
 * answered 500. Registered on the root instance, so every JSON route has the same limit.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTextTooDeep(body as string)) {
      done(new AppError('invalid_json', `The JSON nests deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    parse(req, body as string, done);
  });
}
