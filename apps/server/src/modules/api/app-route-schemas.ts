import { idSchema, personSchema } from '@qa/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from './api-documents';

/**
 * The answers of the web app's own routes (people, account, session, files, report mail), for
 * the OpenAPI document (issue 16). Their bodies are the domain's request schemas; these are the
 * shapes the services answer with, which the domain has no schema of (it never reads them).
 */

/** A schema as a named component of the document (a $ref wherever it is used). */
const named = <T extends z.core.$ZodType>(schema: T, id: string): T => {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  return schema;
};

/**
 * These routes check their inputs themselves, with the domain's messages per field (the web
 * app shows them): their schemas describe the inputs for the document, the zod validator must
 * not refuse first (its 400 would carry other codes and messages). Every part is passed through.
 */
export const checkedByTheService: FastifySchemaCompiler<unknown> = () => (data: unknown) => ({
  value: data,
});

/** The server's record of a person: the directory fields and the login's. */
export const PersonRecord = named(personSchema, 'PersonRecord');

export const PersonAnswer = z.object({ person: PersonRecord });

/** A domain message: a key of the domain's catalogs and its parameters (`field`: the input). */
export const DomainMessageSchema = named(
  z.object({
    key: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
  'DomainMessage',
);

export const PeopleImportAnswer = z.object({
  imported: z.array(PersonRecord),
  rejected: z.array(
    z.object({
      row: z
        .number()
        .int()
        .nullable()
        .describe('The CSV line or the 1-based JSON entry; null for the whole file.'),
      issues: z.array(DomainMessageSchema),
    }),
  ),
});

/** The JSON form of a people import (the CSV has the same columns, `;`-separated). */
export const PeopleImportJsonBody = z
  .array(
    z.looseObject({
      displayName: z.string(),
      email: z.string().optional(),
      roles: z
        .union([z.array(z.string()), z.string()])
        .optional()
        .describe('Role ids, a list or comma-separated; default: the configured default roles.'),
    }),
  )
  .min(1);

export const PersonRemovedAnswer = z.object({
  result: z
    .enum(['deleted', 'deactivated'])
    .describe('deactivated: the person is named by audits or measures and stays as a name.'),
});

export const SessionsRevokedAnswer = z.object({ revoked: z.number().int().min(0) });

export const OkAnswer = z.object({ ok: z.literal(true) });

export const AccountSessionsAnswer = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      current: z.boolean().describe('The session of this request.'),
      createdAt: z.string(),
      updatedAt: z.string(),
      userAgent: z.string().nullable(),
      ipAddress: z.string().nullable(),
    }),
  ),
});

export const SignedInAnswer = z.object({
  person: z.nullable(PersonRecord).describe('null when nobody is signed in (not 401).'),
});

export const idParams = z.object({ id: idSchema });

/** An uploaded file (files.presenter.ts). */
export const StoredFileAnswer = named(
  z.object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int().min(0),
    url: z.string().describe('Where it is downloaded: /api/v1/files/{fileId}.'),
  }),
  'StoredFile',
);

export const ReportMailAnswer = z.object({
  sent: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The error answers of a body-taking write besides PROBLEM_RESPONSES. */
export const BODY_PROBLEM_RESPONSES = {
  413: ProblemSchema,
  415: ProblemSchema,
} as const;
