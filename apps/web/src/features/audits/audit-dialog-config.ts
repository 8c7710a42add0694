import type { AppConfig, AuditConfig, ScopesConfig, WorkflowView } from '@qa/domain';
import { useMemo } from 'react';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDocument } from '../../lib/sync/use-document';
import { auditWorkflow } from './audit-workflow-labels';

export interface AuditDialogConfig {
  audit: AuditConfig;
  scopes: ScopesConfig;
  app: AppConfig;
  workflow: WorkflowView;
}

/**
 * The configuration the audit dialog follows (SPEC section 2: "field visibility is driven by
 * configuration"): types, parties, the supplier party and the process types from `audit`, the
 * scope schema from `scopes`, the chip length from `app`, the statuses from `workflow`. Each
 * falls back to its default while missing on this device or invalid.
 */
export function useAuditDialogConfig(): AuditDialogConfig {
  const audit = useConfigSegment('audit');
  const scopes = useConfigSegment('scopes');
  const app = useConfigSegment('app');
  const workflow = useDocument('configuration', 'workflow').document?.data;
  return useMemo(
    () => ({ audit, scopes, app, workflow: auditWorkflow(workflow) }),
    [audit, scopes, app, workflow],
  );
}
