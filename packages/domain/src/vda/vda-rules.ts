import { z } from 'zod/mini';

/**
 * The VDA 6.3 evaluation rules as data (issue 19): one rule set per edition of the volume, so a
 * later edition is added here as configuration, not as code. An audit records the edition it
 * was evaluated under when its execution starts (`vdaEdition`); grading always uses the
 * recorded edition, so a later rule set never regrades a finished audit.
 *
 * Only the structure and the numbers of the rules are kept here; the question texts are the
 * product's own catalogue (catalogue/process-audit-catalogue.data.ts).
 */

/** The report schema name of a VDA 6.3 audit (`reportSchema.calcSchema`). */
export const CALC_SCHEMA_VDA63 = 'vda63';

const percent = () => z.number().check(z.gte(0)).check(z.lte(100));

/** Which levels a downgrading rule looks at. */
export const vdaLevelKindSchema = z.enum(['element', 'subElement', 'step']);
export type VdaLevelKind = z.infer<typeof vdaLevelKindSchema>;

/**
 * A downgrading rule: when it fires, the class is at best `to`.
 * - `levelBelow`: a level of one of `levels` (rounded to whole percent) is below `below`;
 * - `questionAt`: an evaluation of any question has exactly `points`;
 * - `specialRiskAt`: an evaluation of a *-question has exactly `points`.
 */
export const vdaDowngradeRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('levelBelow'),
    levels: z.array(vdaLevelKindSchema).check(z.minLength(1)),
    below: percent(),
    to: z.string().check(z.minLength(1)),
  }),
  z.strictObject({
    kind: z.literal('questionAt'),
    points: z.number(),
    to: z.string().check(z.minLength(1)),
  }),
  z.strictObject({
    kind: z.literal('specialRiskAt'),
    points: z.number(),
    to: z.string().check(z.minLength(1)),
  }),
]);
export type VdaDowngradeRule = z.infer<typeof vdaDowngradeRuleSchema>;

const localized = z.strictObject({
  de: z.string().check(z.minLength(1)),
  en: z.string().check(z.minLength(1)),
});

export const vdaRuleSetSchema = z.strictObject({
  edition: z.string().check(z.minLength(1)),
  /** The points a question may get, best first; the first is what a question can score. */
  points: z.array(z.int().check(z.gte(0))).check(z.minLength(2)),
  /** The process elements by the catalogue's category id ('2' -> P2). */
  elements: z.array(
    z.strictObject({
      id: z.string().check(z.minLength(1)),
      category: z.string().check(z.minLength(1)),
    }),
  ),
  /** Elements whose questions may be evaluated separately for product and process. */
  productProcessElements: z.array(z.string().check(z.minLength(1))),
  /** The element evaluated per process step, with its sub-elements (by number prefix). */
  processStepElement: z.string().check(z.minLength(1)),
  subElements: z.array(
    z.strictObject({
      id: z.string().check(z.minLength(1)),
      prefix: z.string().check(z.minLength(1)),
      label: localized,
    }),
  ),
  /** Classes best first; a result of at least `from` percent gets the class. */
  classes: z
    .array(z.strictObject({ id: z.string().check(z.minLength(1)), from: percent() }))
    .check(z.minLength(1)),
  downgrades: z.array(vdaDowngradeRuleSchema),
  /** The share of questions that must be evaluated per element, sub-element and step. */
  minCoverage: z.strictObject({
    numerator: z.int().check(z.gte(0)),
    denominator: z.int().check(z.gte(1)),
  }),
  /** Levels at or above `green` are green, at or above `yellow` yellow, else red. */
  colours: z.strictObject({ green: percent(), yellow: percent() }),
});
export type VdaRuleSet = z.infer<typeof vdaRuleSetSchema>;

/**
 * VDA 6.3, 3rd edition (2016), section 6. Written as checked data, not parsed when the module
 * loads: that parse cost every first screen that reaches the domain's rules (issue 40); the
 * schema's test holds each built-in rule set to it, and rule sets from elsewhere are parsed.
 */
export const VDA63_2016: VdaRuleSet = {
  edition: '2016',
  points: [10, 8, 6, 4, 0],
  elements: [
    { id: 'P2', category: '2' },
    { id: 'P3', category: '3' },
    { id: 'P4', category: '4' },
    { id: 'P5', category: '5' },
    { id: 'P6', category: '6' },
    { id: 'P7', category: '7' },
  ],
  productProcessElements: ['P3', 'P4'],
  processStepElement: 'P6',
  subElements: [
    { id: 'U1', prefix: '6.1', label: { de: 'Prozess-Input', en: 'Process input' } },
    { id: 'U2', prefix: '6.2', label: { de: 'Arbeitsinhalte', en: 'Work content' } },
    {
      id: 'U3',
      prefix: '6.3',
      label: { de: 'Personal / Qualifikation', en: 'Personnel / qualification' },
    },
    { id: 'U4', prefix: '6.4', label: { de: 'Materielle Ressourcen', en: 'Material resources' } },
    { id: 'U5', prefix: '6.5', label: { de: 'Effektivität / Effizienz', en: 'Efficiency' } },
    { id: 'U6', prefix: '6.6', label: { de: 'Prozess-Output', en: 'Process output' } },
  ],
  classes: [
    { id: 'A', from: 90 },
    { id: 'B', from: 80 },
    { id: 'C', from: 0 },
  ],
  downgrades: [
    { kind: 'levelBelow', levels: ['element', 'step'], below: 70, to: 'C' },
    { kind: 'specialRiskAt', points: 0, to: 'C' },
    { kind: 'levelBelow', levels: ['element', 'subElement', 'step'], below: 80, to: 'B' },
    { kind: 'specialRiskAt', points: 4, to: 'B' },
    { kind: 'questionAt', points: 0, to: 'B' },
  ],
  minCoverage: { numerator: 2, denominator: 3 },
  colours: { green: 90, yellow: 80 },
};

/** The rule sets by edition; a new edition is one more entry. */
export const VDA63_RULE_SETS: Readonly<Record<string, VdaRuleSet>> = { '2016': VDA63_2016 };

/** The edition a VDA audit is recorded with when its execution starts. */
export const CURRENT_VDA63_EDITION = '2016';

/** The rule set of an audit: its recorded edition, else the current one. */
export function vdaRuleSetOf(edition: string | null | undefined): VdaRuleSet {
  return (
    (edition ? VDA63_RULE_SETS[edition] : undefined) ?? VDA63_RULE_SETS[CURRENT_VDA63_EDITION]!
  );
}
