/** The five phase tabs of an audit, in workflow order (SPEC section 2 "Audit screen"). */
export const AUDIT_PHASES = [
  { path: 'auditpreparation', labelKey: 'audit.phases.preparation' },
  { path: 'auditexecution', labelKey: 'audit.phases.execution' },
  { path: 'auditwrapup', labelKey: 'audit.phases.wrapUp' },
  { path: 'auditreporting', labelKey: 'audit.phases.reporting' },
  { path: 'auditactionlist', labelKey: 'audit.phases.actionList' },
] as const;

export type AuditPhasePath = (typeof AUDIT_PHASES)[number]['path'];

/** /audit/{auditId} opens this tab (the active tab will follow the audit status later). */
export const DEFAULT_AUDIT_PHASE: AuditPhasePath = 'auditpreparation';
