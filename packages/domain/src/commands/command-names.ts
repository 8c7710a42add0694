/**
 * The names of the commands that the first screens run (the execution tab, the audit's stepper),
 * and the values of their arguments, without the commands' definitions: a definition builds its
 * argument schema when its module is evaluated, which a screen that only sends the command does
 * not need before its first paint (issue 40). The definitions take their names from here.
 */
export const CREATE_FINDING = 'finding.create';
export const DELETE_FINDING = 'finding.delete';
export const REACTIVATE_FINDING = 'finding.reactivate';
export const ATTACH_FINDING_MEDIA = 'finding.attachMedia';
export const REMOVE_FINDING_MEDIA = 'finding.removeMedia';
export const EVALUATE_AUDIT_ITEM = 'auditItem.evaluate';
export const CHANGE_AUDIT_STATUS = 'audit.changeStatus';
export const COMPLETE_AUDIT = 'audit.complete';

/** `numbering` of `audit.changeStatus`: the status names the phase to open (decision 71). */
export const AUDIT_STATUS_NUMBERING = 'phase';
