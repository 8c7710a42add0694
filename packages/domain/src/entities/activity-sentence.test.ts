import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '../messages/activity.messages';
import { activityObjectKind, activityReadAction } from './activity-object';
import {
  activitySentence,
  activitySentenceParts,
  formatActivitySentence,
  hasActivitySentence,
} from './activity-sentence';

const base = { actor_name: 'Erika Muster', object: 'Supplier Styr' };

/**
 * Every activity a command returns (verb and link, as in the commands and their tests). The
 * input-limits test checks the activity of every command of DOMAIN_COMMANDS as it runs; this
 * list adds the variants those runs do not reach (unprotect, reactivate, unassign, effective).
 */
const PRODUCED: [string, string][] = [
  ['created', '/audit/a1'],
  ['updated', '/audit/a1'],
  ['deleted', '/auditmatrix'],
  ['protected', '/audit/a1'],
  ['unprotected', '/audit/a1'],
  ['statusChanged', '/audit/a1/auditexecution'],
  ['statusChanged', '/audit/a1'],
  ['importedAudits', '/auditmatrix'],
  ['created', '/audit/a1/auditpreparation'],
  ['updated', '/audit/a1/auditpreparation'],
  ['deleted', '/audit/a1/auditpreparation'],
  ['deactivated', '/audit/a1/auditpreparation'],
  ['reactivated', '/audit/a1/auditpreparation'],
  ['importedAuditItems', '/audit/a1/auditpreparation'],
  ['createdFinding', '/audit/a1/auditexecution'],
  ['updatedFinding', '/audit/a1/auditexecution'],
  ['deletedFinding', '/audit/a1/auditexecution'],
  ['reactivated', '/audit/a1/auditexecution'],
  ['createdMeasure', '/measure/m1'],
  ['updatedMeasure', '/measure/m1'],
  ['assignedMeasure', '/measure/m1'],
  ['unassignedMeasure', '/measure/m1'],
  ['changedMeasureStatus', '/measure/m1'],
  ['measureEffective', '/measure/m1'],
  ['measureNotEffective', '/measure/m1'],
  ['deletedMeasure', '/measures'],
  ['updated', '/customerdata'],
  ['updated', '/configuration'],
  ['created', '/user/p1'],
  ['imported', '/standard/iso9001'],
  ['created', '/templates/t1'],
  ['updated', '/templates/t1'],
  ['deleted', '/templates'],
  ['createdTemplateItem', '/templates/t1/templatepreparation'],
  ['updatedTemplateItem', '/templates/t1/templatepreparation'],
  ['deletedTemplateItem', '/templates/t1/templatepreparation'],
  ['importedTemplateItems', '/templates/t1/templatepreparation'],
  ['importedCatalogue', '/templates/t1/templatepreparation'],
  ['usedTemplate', '/audit/a1/auditpreparation'],
  ['copiedAuditItems', '/audit/a1/auditpreparation'],
];

declare global {
  interface ImportMeta {
    glob(
      pattern: string | string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, string>;
  }
}

const COMMAND_SOURCES = import.meta.glob(['../commands/*.commands.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The verbs written in the commands' code: the literals of every `verb:` property (also both
 * results of a ternary) and of the verb argument of the findings' `removalResult(...)`.
 */
function verbsInCode(): Set<string> {
  const verbs = new Set<string>();
  const literals = (text: string) =>
    // Not the operand of a comparison (`mode === 'create' ? ...`).
    [...text.matchAll(/(?<![=!]==\s*)'([a-z][A-Za-z]*)'/g)].map((match) => match[1]!);
  for (const raw of Object.values(COMMAND_SOURCES)) {
    const source = raw.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of source.matchAll(/\bverb:\s*([^,}\n]*)/g)) {
      literals(match[1]!).forEach((verb) => verbs.add(verb));
    }
    for (const match of source.matchAll(/\bremovalResult\(([\s\S]*?)\);/g)) {
      literals(match[1]!).forEach((verb) => verbs.add(verb));
    }
  }
  return verbs;
}

describe('activity sentences', () => {
  it('read as sentences in both languages', () => {
    const audit = { ...base, verb: 'created', object_url: '/audit/a1' };
    expect(formatActivitySentence(audit, 'en')).toBe(
      'Erika Muster created the audit Supplier Styr',
    );
    expect(formatActivitySentence(audit, 'de')).toBe(
      'Erika Muster hat das Audit Supplier Styr angelegt',
    );
    const question = { ...audit, object: 'Policy?', object_url: '/audit/a1/auditpreparation' };
    expect(formatActivitySentence(question, 'en')).toBe('Erika Muster added the question Policy?');
    const measure = { ...base, verb: 'measureEffective', object: 'Fix', object_url: '/measure/m' };
    expect(formatActivitySentence(measure, 'de')).toBe(
      'Erika Muster hat die Maßnahme Fix als wirksam bestätigt',
    );
  });

  it.each(PRODUCED)('has a sentence for %s on %s', (verb, url) => {
    expect(hasActivitySentence({ verb, object_url: url })).toBe(true);
  });

  it('has a sentence for every verb written in the commands’ code', () => {
    const verbs = verbsInCode();
    // The scan itself works: it finds plain, ternary and argument verbs.
    for (const sample of ['createdMeasure', 'unprotected', 'measureNotEffective', 'reactivated']) {
      expect(verbs.has(sample), sample).toBe(true);
    }
    const keys = Object.keys(ACTIVITY_MESSAGES);
    const missing = [...verbs].filter((verb) => !keys.some((key) => key.endsWith(`.${verb}`)));
    expect(missing).toEqual([]);
    const listed = new Set(PRODUCED.map(([verb]) => verb));
    expect([...verbs].filter((verb) => !listed.has(verb))).toEqual([]);
  });

  it('say a default status in the reader’s language and count one audit as one (issue 34.6)', () => {
    const status = {
      ...base,
      verb: 'statusChanged',
      object: 'Supplier Styr → Wrap Up: all done',
      object_url: '/audit/a1/auditwrapup',
    };
    expect(formatActivitySentence(status, 'de')).toBe(
      'Erika Muster hat den Auditstatus geändert: Supplier Styr → Nachbereitung: all done',
    );
    expect(formatActivitySentence({ ...status, object: 'Styr → Nachbereitung' }, 'en')).toBe(
      'Erika Muster changed the audit status: Styr → Wrap Up',
    );
    expect(formatActivitySentence({ ...status, object: 'Styr → Our own status' }, 'de')).toBe(
      'Erika Muster hat den Auditstatus geändert: Styr → Our own status',
    );
    const imported = { ...base, verb: 'importedAudits', object_url: '/auditmatrix' };
    expect(formatActivitySentence({ ...imported, object: '1' }, 'de')).toBe(
      'Erika Muster hat 1 Audit importiert',
    );
    expect(formatActivitySentence({ ...imported, object: '2' }, 'en')).toBe(
      'Erika Muster imported 2 audits',
    );
  });

  it('every sentence names the actor and the object, in both languages', () => {
    for (const [key, text] of Object.entries(ACTIVITY_MESSAGES)) {
      for (const language of ['de', 'en'] as const) {
        expect(text[language], `${key} ${language}`).toContain('{actor}');
        expect(text[language], `${key} ${language}`).toContain('{object}');
      }
    }
  });

  it('falls back to a plain line for a verb or link it does not know', () => {
    const unknown = { ...base, verb: 'archived', object_url: '/somewhere' };
    expect(hasActivitySentence(unknown)).toBe(false);
    expect(activitySentence(unknown)).toEqual({
      key: 'activity.other',
      params: { actor: 'Erika Muster', object: 'Supplier Styr', verb: 'archived' },
    });
    expect(formatActivitySentence(unknown, 'en')).toBe('Erika Muster: archived Supplier Styr');
    expect(activityObjectKind(unknown)).toBeNull();
    expect(activityReadAction(unknown)).toBeNull();
  });

  it('splits a sentence into text, actor and object wherever the language puts them', () => {
    const audit = { ...base, verb: 'created', object_url: '/audit/a1' };
    expect(activitySentenceParts(audit, 'de')).toEqual([
      { param: 'actor', value: 'Erika Muster' },
      { text: ' hat das Audit ' },
      { param: 'object', value: 'Supplier Styr' },
      { text: ' angelegt' },
    ]);
    // A placeholder-like text in the object stays text.
    const odd = { ...audit, object: '{actor}' };
    expect(activitySentenceParts(odd, 'en').at(-1)).toEqual({ param: 'object', value: '{actor}' });
  });

  it('names what one must read to see the activity', () => {
    expect(activityReadAction({ verb: 'created', object_url: '/audit/a1' })).toBe('audit.read');
    expect(activityReadAction({ verb: 'createdFinding', object_url: '/x' })).toBe('audit.read');
    expect(activityReadAction({ verb: 'deletedMeasure', object_url: '/measures' })).toBe(
      'measure.read',
    );
    expect(activityReadAction({ verb: 'updated', object_url: '/configuration' })).toBe(
      'configuration.read',
    );
    expect(activityReadAction({ verb: 'created', object_url: '/templates/t1?x=1' })).toBe(
      'template.read',
    );
  });
});
