import type { AuditPhasePath } from './audit-phases';
import type { PhaseTab } from './audit-phase-page';

/**
 * Each phase's tab, a chunk of its own (issue 40): the route of a phase loads only its tab.
 * app/page-modules.ts names the same modules for the preload headers (`PHASE_TAB_MODULES`).
 */
export const PHASE_TABS: Record<AuditPhasePath, () => Promise<PhaseTab>> = {
  auditpreparation: () => import('./preparation/preparation-tab').then((m) => m.PreparationTab),
  auditexecution: () => import('./execution/execution-tab').then((m) => m.ExecutionTab),
  auditwrapup: () => import('./wrapup/wrapup-tab').then((m) => m.WrapUpTab),
  auditreporting: () => import('./reporting/reporting-tab').then((m) => m.ReportingTab),
  auditactionlist: () => import('./actionlist/action-list-tab').then((m) => m.ActionListTab),
};
