import { describe, expect, it } from 'vitest';
import { createAuditCommand, updateAuditCommand } from './audit.commands';
import { createAuditItemCommand } from './audit-item.commands';
import { useTemplateCommand } from './audit-copy.commands';
import { createTemplateCommand } from './template.commands';
import { createTemplateItemCommand } from './template-item.commands';
import { OpsState, applyCommandAs as apply, runCommandAs as run } from './audit-test-helpers';

/**
 * Choosing and setting up a VDA 6.3 evaluation (issue 19): the audit and template dialogs write
 * `reportSchema.calcSchema` and `vda` through the commands they use; an audit without items
 * that uses a VDA template takes the template's evaluation along.
 */

const vda = {
  processSteps: [
    { id: 's1', name: 'Stanzen' },
    { id: 's2', name: 'Lackieren' },
    { id: 's3', name: 'Montage' },
  ],
  productProcessSplit: true,
};
const newAudit = { name: 'Lieferant X', leadauditor: 'p-qm', planning_year: 2024 };

describe('audit.create and audit.update with the evaluation schema and the VDA set-up', () => {
  it('audit.create stores reportSchema and vda', () => {
    const state = new OpsState();
    apply(
      createAuditCommand,
      { id: 'a1', ...newAudit, reportSchema: { calcSchema: 'vda63', customResult: null }, vda },
      state,
    );
    expect(state.get('audits', 'a1')).toMatchObject({
      reportSchema: { calcSchema: 'vda63', customResult: null },
      vda,
    });
  });

  it('audit.update changes the schema (customResult kept as sent) and the steps', () => {
    const state = new OpsState();
    apply(createAuditCommand, { id: 'a1', ...newAudit }, state);
    apply(
      updateAuditCommand,
      { id: 'a1', changes: { reportSchema: { calcSchema: 'vda63', customResult: 'qk' }, vda } },
      state,
    );
    expect(state.get('audits', 'a1')).toMatchObject({
      reportSchema: { calcSchema: 'vda63', customResult: 'qk' },
      vda,
    });
    const renamed = {
      ...vda,
      processSteps: [{ id: 's1', name: 'Pressen' }, vda.processSteps[2]],
    };
    apply(updateAuditCommand, { id: 'a1', changes: { vda: renamed } }, state);
    expect(state.get('audits', 'a1')!.vda).toEqual(renamed);
  });

  it('refuses a step without a name or a step twice', () => {
    const state = new OpsState();
    apply(createAuditCommand, { id: 'a1', ...newAudit }, state);
    for (const processSteps of [
      [{ id: 's1', name: ' ' }],
      [vda.processSteps[0], vda.processSteps[0]],
    ]) {
      expect(
        run(updateAuditCommand, { id: 'a1', changes: { vda: { processSteps } } }, state),
      ).toMatchObject({ ok: false, error: { code: 'rule' } });
    }
  });
});

describe('audit.useTemplate with a VDA 6.3 template', () => {
  function prepared(templateFields: object = {}): OpsState {
    const state = new OpsState();
    apply(
      createAuditCommand,
      { id: 'a1', ...newAudit, reportSchema: { calcSchema: 'compliance', customResult: 'qk' } },
      state,
    );
    apply(
      createTemplateCommand,
      {
        id: 't1',
        name: 'VDA 6.3',
        reportSchema: { calcSchema: 'vda63', customResult: null },
        vda,
        ...templateFields,
      },
      state,
    );
    apply(
      createTemplateItemCommand,
      { templateId: 't1', id: 'ti1', question: { text: 'Risk?', no: '3.4', specialRisk: true } },
      state,
    );
    return state;
  }
  const useArgs = (extra: object) => ({
    auditId: 'a1',
    templateId: 't1',
    items: [{ id: 'n1', templateItemId: 'ti1' }],
    standardIds: [],
    language: 'de',
    ...extra,
  });

  it('an audit without items takes the schema (its customResult kept) and the set-up', () => {
    const state = prepared();
    apply(useTemplateCommand, useArgs({ auditItemIds: [] }), state);
    expect(state.get('audits', 'a1')).toMatchObject({
      reportSchema: { calcSchema: 'vda63', customResult: 'qk' },
      vda,
    });
    expect(state.get('audit_items', 'n1')).toMatchObject({
      question: { no: '3.4', specialRisk: true },
    });
  });

  it('an audit whose named items are gone counts as without items', () => {
    const state = prepared();
    apply(useTemplateCommand, useArgs({ auditItemIds: ['gone'] }), state);
    expect(state.get('audits', 'a1')).toMatchObject({ reportSchema: { calcSchema: 'vda63' } });
  });

  it('an audit with items keeps its evaluation', () => {
    const state = prepared();
    apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question: { text: 'Own?' } }, state);
    apply(useTemplateCommand, useArgs({ auditItemIds: ['i1'] }), state);
    const audit = state.get('audits', 'a1')!;
    expect(audit.reportSchema).toEqual({ calcSchema: 'compliance', customResult: 'qk' });
    expect(audit).not.toHaveProperty('vda');
  });

  it('without auditItemIds (an older client) the evaluation stays', () => {
    const state = prepared();
    apply(useTemplateCommand, useArgs({}), state);
    expect(state.get('audits', 'a1')!.reportSchema).toEqual({
      calcSchema: 'compliance',
      customResult: 'qk',
    });
  });

  it('a template not evaluated by VDA 6.3 changes nothing', () => {
    const state = prepared({ reportSchema: { calcSchema: 'deviation', customResult: null } });
    apply(useTemplateCommand, useArgs({ auditItemIds: [] }), state);
    const audit = state.get('audits', 'a1')!;
    expect(audit.reportSchema).toEqual({ calcSchema: 'compliance', customResult: 'qk' });
    expect(audit).not.toHaveProperty('vda');
  });

  it('a VDA template without steps gives the audit an empty set-up', () => {
    const state = prepared({ vda: undefined });
    apply(useTemplateCommand, useArgs({ auditItemIds: [] }), state);
    expect(state.get('audits', 'a1')!.vda).toEqual({
      processSteps: [],
      productProcessSplit: false,
    });
  });
});
