import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/* eslint-disable @typescript-eslint/no-explicit-any */
type OpenApiDocument = any;

/** What did not match the OpenAPI document, one line per answer. */
export interface ContractBreach {
  request: string;
  problem: string;
}

/**
 * Checks answers against the served OpenAPI document (issue 16's contract test): the operation
 * is found by method and path template, the status must be documented, and the JSON body must
 * match that status's schema (ajv, JSON Schema 2020-12, the document's components in reach).
 */
export class ApiContract {
  readonly breaches: ContractBreach[] = [];
  readonly checked: string[] = [];
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; regex: RegExp; template: string }[] = [];

  constructor(readonly document: OpenApiDocument) {
    for (const [template, item] of Object.entries<any>(document.paths ?? {})) {
      const regex = new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      );
      for (const method of Object.keys(item)) {
        this.templates.push({ method: method.toUpperCase(), regex, template });
      }
    }
    // Literal segments win over parameters (/audits/import before /audits/{id}).
    this.templates.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  /** Whether the document itself is a valid OpenAPI document. */
  static async validateDocument(
    document: OpenApiDocument,
  ): Promise<{ valid: boolean; errors: unknown }> {
    const result = await new Validator().validate(document);
    return { valid: result.valid, errors: result.errors };
  }

  /** A fetch that checks every answer of a documented route (use for every API call of a test). */
  readonly fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await fetch(request);
    await this.check(request.method, new URL(request.url).pathname, response.clone());
    return response;
  };

  private async check(method: string, pathname: string, response: Response) {
    const label = `${method} ${pathname} -> ${response.status}`;
    const match = this.templates.find(
      (entry) => entry.method === method && entry.regex.test(pathname),
    );
    if (!match) return; // not a documented route (auth, files' raw bodies, the web app)
    this.checked.push(label);
    const operation = this.document.paths[match.template][method.toLowerCase()];
    const answer = operation.responses?.[String(response.status)];
    if (!answer) {
      this.breaches.push({ request: label, problem: `status ${response.status} not documented` });
      return;
    }
    const content = answer.content as Record<string, { schema: unknown }> | undefined;
    // Binary answers (a file download) are described, not checked byte by byte.
    const jsonType = Object.keys(content ?? {}).find((type) =>
      /^application\/(.+\+)?json$/.test(type),
    );
    if (content && jsonType === undefined) return;
    const schema = jsonType ? content?.[jsonType]?.schema : undefined;
    const text = await response.text();
    if (!schema) {
      if (text !== '') this.breaches.push({ request: label, problem: 'body without a schema' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.breaches.push({ request: label, problem: `not JSON: ${text.slice(0, 200)}` });
      return;
    }
    const key = `${match.template} ${method} ${response.status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...(schema as object), components: this.document.components });
      this.compiled.set(key, validate);
    }
    if (!validate(body)) {
      this.breaches.push({
        request: label,
        problem: this.ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 1000),
      });
    }
  }
}
