import {
  appConfigSchema,
  auditConfigSchema,
  DEFAULT_APP_CONFIG,
  DEFAULT_AUDIT_CONFIG,
  DEFAULT_SCOPES_CONFIG,
  scopesConfigSchema,
  type AppConfig,
  type AuditConfig,
  type ScopesConfig,
  type WorkflowView,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useMemo } from 'react';
import { useDocument } from '../../lib/sync/use-document';
import { auditWorkflow } from './audit-workflow-labels';

export interface AuditDialogConfig {
  audit: AuditConfig;
  scopes: ScopesConfig;
  app: AppConfig;
  workflow: WorkflowView;
}

function parsed<T>(
  data: JsonObject | undefined,
  schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false } },
  fallback: T,
): T {
  if (data === undefined) return fallback;
  const result = schema.safeParse(data);
  return result.success ? result.data : fallback;
}

/**
 * The configuration the audit dialog follows (SPEC section 2: "field visibility is driven by
 * configuration"): types, parties, the supplier party and the process types from `audit`, the
 * scope schema from `scopes`, the chip length from `app`, the statuses from `workflow`. Each
 * falls back to its default while missing on this device or invalid.
 */
export function useAuditDialogConfig(): AuditDialogConfig {
  const audit = useDocument('configuration', 'audit').document?.data;
  const scopes = useDocument('configuration', 'scopes').document?.data;
  const app = useDocument('configuration', 'app').document?.data;
  const workflow = useDocument('configuration', 'workflow').document?.data;
  return useMemo(
    () => ({
      audit: parsed(audit, auditConfigSchema, DEFAULT_AUDIT_CONFIG),
      scopes: parsed(scopes, scopesConfigSchema, DEFAULT_SCOPES_CONFIG),
      app: parsed(app, appConfigSchema, DEFAULT_APP_CONFIG),
      workflow: auditWorkflow(workflow),
    }),
    [audit, scopes, app, workflow],
  );
}
