import {
  webhookAnswerSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryAnswerSchema,
  webhookDeliveryIdParamsSchema,
  webhookDeliveryPageSchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@qa/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { PROBLEM_RESPONSES, ProblemSchema } from '../api/api-documents';
import type { SessionService } from '../auth/session.service';
import type { WebhooksService } from './webhooks.service';

export interface WebhookRouteDeps {
  sessions: SessionService;
  webhooks: WebhooksService;
  trustedOrigins: readonly string[];
}

const TAGS = ['webhooks'];

/**
 * The webhook admin API (docs/webhooks.md "Admin API"): admins only (`webhook.manage`; 401 for
 * strangers, 403 for everyone else, both before the body is read), writes only from trusted
 * origins, every answer `no-store` (the create and rotate answers carry the secret).
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  { sessions, webhooks, trustedOrigins }: WebhookRouteDeps,
): Promise<void> {
  const { requirePerson, personOf, requirePermission } = signedInGuard(sessions);
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);
  const requireAdmin = requirePermission(
    'webhook.manage',
    'Only administrators may manage webhooks',
    'webhook.adminOnly',
  );
  const read = { onRequest: [requirePerson, requireAdmin] };
  const write = { onRequest: [requireTrustedOrigin, requirePerson, requireAdmin] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/webhooks',
    {
      ...read,
      schema: {
        tags: TAGS,
        summary: 'List the webhook endpoints',
        operationId: 'webhook_list',
        response: { 200: webhookListSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (_req, reply) => {
      noStore(reply);
      return { webhooks: await webhooks.list() };
    },
  );

  api.post(
    '/api/v1/webhooks',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Register a webhook endpoint (the answer shows its secret, once)',
        operationId: 'webhook_create',
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretSchema, ...PROBLEM_RESPONSES, 409: ProblemSchema },
      },
    },
    async (req, reply) => {
      const created = await webhooks.create(personOf(req), req.body);
      noStore(reply).code(201);
      return created;
    },
  );

  api.get(
    '/api/v1/webhooks/:id',
    {
      ...read,
      schema: {
        tags: TAGS,
        summary: 'One webhook endpoint',
        operationId: 'webhook_get',
        params: webhookIdParamsSchema,
        response: { 200: webhookAnswerSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { webhook: await webhooks.get(req.params.id) };
    },
  );

  api.patch(
    '/api/v1/webhooks/:id',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Change a webhook endpoint (deactivating fails its pending deliveries)',
        operationId: 'webhook_update',
        params: webhookIdParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookAnswerSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { webhook: await webhooks.update(req.params.id, req.body) };
    },
  );

  api.delete(
    '/api/v1/webhooks/:id',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Delete a webhook endpoint and its delivery log',
        operationId: 'webhook_delete',
        params: webhookIdParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      await webhooks.remove(req.params.id);
      return noStore(reply).code(204).send();
    },
  );

  api.post(
    '/api/v1/webhooks/:id/rotate-secret',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Give the endpoint a new secret (shown once; the old one stops at once)',
        operationId: 'webhook_rotateSecret',
        params: webhookIdParamsSchema,
        response: { 200: webhookWithSecretSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return webhooks.rotateSecret(req.params.id);
    },
  );

  api.post(
    '/api/v1/webhooks/:id/test',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Send a webhook.ping event to the endpoint now',
        operationId: 'webhook_test',
        params: webhookIdParamsSchema,
        response: { 202: webhookDeliveryAnswerSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      const delivery = await webhooks.test(req.params.id);
      noStore(reply).code(202);
      return { delivery };
    },
  );

  api.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      ...read,
      schema: {
        tags: TAGS,
        summary: 'The delivery log of an endpoint, newest first',
        operationId: 'webhookDelivery_list',
        params: webhookIdParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return webhooks.deliveries(req.params.id, req.query);
    },
  );

  api.post(
    '/api/v1/webhooks/deliveries/:deliveryId/resend',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Deliver again now, with a new 24 h retry window (same webhook-id)',
        operationId: 'webhookDelivery_resend',
        params: webhookDeliveryIdParamsSchema,
        response: { 202: webhookDeliveryAnswerSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      const delivery = await webhooks.resend(req.params.deliveryId);
      noStore(reply).code(202);
      return { delivery };
    },
  );
}
