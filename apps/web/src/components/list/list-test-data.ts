import type { ListConfig } from '@qa/domain';

/** Items and list configuration shared by the list's component tests. */
export interface Audit {
  id: string;
  name: string;
  standard: string;
  type: string;
  due: string;
}

const label = (de: string, en: string) => ({ de, en });

export const CONFIG: ListConfig = {
  pageSizes: [25, 50, 100, null],
  aggregations: [
    { id: 'standard', field: 'standard', size: 10, label: label('Norm', 'Standard') },
    { id: 'type', field: 'type', size: 10, label: label('Auditart', 'Audit type') },
  ],
  sortings: [
    { id: 'name', field: 'name', order: 'asc', label: label('Name', 'Name') },
    { id: 'due', field: 'due', order: 'desc', label: label('Fällig', 'Due date') },
  ],
  defaultSorting: 'name',
  groupings: [
    { id: 'standard', field: 'standard', label: label('Norm', 'Standard') },
    { id: 'type', field: 'type', label: label('Auditart', 'Audit type') },
  ],
};

const STANDARDS = ['iso9001', 'iso14001', 'iso50001'];

/** Audits 1..n: standards take turns (20 each of 60), even ones are process audits. */
export function makeAudits(count: number): Audit[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `a${index}`,
    name: `Audit ${index + 1}`,
    standard: STANDARDS[index % 3]!,
    type: index % 2 === 0 ? 'process' : 'system',
    due: `2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
  }));
}
