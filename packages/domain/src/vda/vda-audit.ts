import { getOwn, isJsonObject, type JsonObject } from '@qa/sync';
import type { FindingType } from '../config/configured-types';
import { CALC_SCHEMA_VDA63 } from './vda-rules';

// What a screen asks of a VDA audit before it runs a command (the execution tab, the report):
// apart from the commands (vda.commands.ts), whose schemas a first screen does not need.

/** Is the stored audit evaluated by VDA 6.3? */
export function isVdaAudit(audit: JsonObject | undefined): boolean {
  const schema = audit ? getOwn(audit, 'reportSchema') : undefined;
  return isJsonObject(schema) && getOwn(schema, 'calcSchema') === CALC_SCHEMA_VDA63;
}

/** The finding types that document no score below the best: 'no deviation', 'not applicable'. */
export function nonDocumentingFindingTypes(types: readonly FindingType[]): Set<string> {
  return new Set(
    types.filter((type) => type.is_no_deviation || type.is_not_applicable).map((type) => type.id),
  );
}
