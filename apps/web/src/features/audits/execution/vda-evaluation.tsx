import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { VdaColour, VdaLevel, VdaProcessStep } from '@qa/domain';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VdaChoice, VdaKeyState, VdaLevels, VdaRowModel } from './vda-evaluation-model';

/**
 * The VDA 6.3 evaluation view of the execution tab (issue 19.4): per question the point buttons
 * of the rule set's scale and n.e. as large touch targets (one row per evaluation key: the
 * selected process step for P6, product and process for a split P3 / P4), the levels of
 * compliance with their traffic-light colour in words, the process step switcher and the
 * dialog asking why a question is not evaluated.
 */

/** Texts the point rows share, built once per language by the tab. */
export interface VdaLabels {
  /** A point button's name: "8 points". */
  points: (points: number) => string;
  /** "n.e." and its name "n.e. (not evaluated)". */
  notEvaluated: string;
  notEvaluatedName: string;
  /** The name of a row of buttons: "Evaluation of question 6.2.3, Stanzen". */
  group: (no: string, key: string) => string;
  product: string;
  process: string;
  /** "n.e.: reason". */
  reason: (reason: string) => string;
  specialRisk: string;
  /** "All process steps". */
  allSteps: string;
}

export interface VdaRowView {
  labels: VdaLabels;
  /** The rule set's points, best first. */
  scale: readonly number[];
  /** Absent for a person who may not evaluate (the buttons show the values, disabled). */
  onTap?: (model: VdaRowModel, key: string, choice: VdaChoice) => void;
}

/** The point rows' look, given to the list once for all rows (as the execution rows'). */
export const vdaRowsSx: SxProps<Theme> = (theme) => ({
  '& .vda-eval': {
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(1),
    marginTop: theme.spacing(1),
  },
  '& .vda-line': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(1),
  },
  '& .vda-key': {
    ...theme.typography.body2,
    fontWeight: 500,
    minWidth: 88,
    margin: 0,
    overflowWrap: 'anywhere',
  },
  '& .vda-points': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.75) },
  '& .vda-point': {
    ...theme.typography.body1,
    fontWeight: 500,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 2,
    minWidth: 52,
    minHeight: 48,
    padding: '0 8px',
    borderRadius: 8,
    border: `1px solid ${theme.palette.grey[600]}`,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': theme.focusVisible,
    '&:disabled': { cursor: 'default', color: theme.palette.text.secondary },
    '& svg': { fontSize: 18 },
  },
  // The chosen value: filled, a thicker border, bold and a check mark, not colour alone.
  '& .vda-point[aria-pressed="true"]': {
    backgroundColor: theme.palette.primary.main,
    borderColor: theme.palette.primary.dark,
    borderWidth: 3,
    color: theme.palette.primary.contrastText,
    fontWeight: 700,
  },
  '& .vda-point[aria-pressed="true"]:disabled': {
    backgroundColor: theme.palette.grey[700],
    color: theme.palette.common.white,
  },
  '& .vda-note': {
    ...theme.typography.body2,
    margin: 0,
    color: theme.palette.text.secondary,
    overflowWrap: 'anywhere',
  },
});

const keyLabel = (state: VdaKeyState, labels: VdaLabels) =>
  state.kind === 'step'
    ? (state.stepName ?? state.key)
    : state.kind === 'product'
      ? labels.product
      : state.kind === 'process'
        ? labels.process
        : '';

/** One evaluation key's row of buttons: a toggle group (each button `aria-pressed`). */
function PointLine({
  model,
  state,
  view,
}: {
  model: VdaRowModel;
  state: VdaKeyState;
  view: VdaRowView;
}) {
  const { labels, scale, onTap } = view;
  const label = keyLabel(state, labels);
  const no = model.specialRisk ? `${model.no}*` : model.no;
  const chosen = state.evaluation;
  const button = (choice: VdaChoice) => {
    const pressed =
      chosen !== null && (choice === 'ne' ? chosen.points === null : chosen.points === choice);
    return (
      <button
        key={choice}
        type="button"
        className="vda-point"
        aria-pressed={pressed}
        aria-label={choice === 'ne' ? labels.notEvaluatedName : labels.points(choice)}
        disabled={!onTap}
        onClick={() => onTap?.(model, state.key, choice)}
        data-testid={`vda-point-${state.key}-${choice}`}
      >
        {pressed && <CheckIcon aria-hidden />}
        {choice === 'ne' ? labels.notEvaluated : choice}
      </button>
    );
  };
  return (
    <div className="vda-line" data-testid={`vda-line-${state.key}`}>
      {label && (
        <p className="vda-key" aria-hidden>
          {label}
        </p>
      )}
      <div className="vda-points" role="group" aria-label={labels.group(no || '–', label)}>
        {scale.map(button)}
        {button('ne')}
      </div>
      {chosen !== null && chosen.points === null && chosen.reason && (
        <p className="vda-note" data-testid="vda-reason">
          {labels.reason(chosen.reason)}
        </p>
      )}
    </div>
  );
}

/**
 * The evaluation of one question: a row per key, for P6 the selected process step's row and
 * what the other steps got.
 */
export const VdaRowEvaluation = memo(function VdaRowEvaluation({
  model,
  step,
  view,
}: {
  model: VdaRowModel;
  /** The selected process step (P6 questions). */
  step: string | null | undefined;
  view: VdaRowView;
}) {
  const shown = model.perStep
    ? model.keys.filter((state) => state.key === step).slice(0, 1)
    : model.keys;
  const { labels } = view;
  return (
    <div className="vda-eval" data-testid="vda-evaluation">
      {shown.map((state) => (
        <PointLine key={state.key} model={model} state={state} view={view} />
      ))}
      {model.perStep && model.keys.length > 1 && (
        <p className="vda-note" data-testid="vda-steps-summary">
          {`${labels.allSteps}: ${model.keys
            .map(
              (state) =>
                `${state.stepName ?? state.key} ${
                  state.evaluation === null
                    ? '–'
                    : state.evaluation.points === null
                      ? labels.notEvaluated
                      : state.evaluation.points
                }`,
            )
            .join(' · ')}`}
        </p>
      )}
    </div>
  );
});

const COLOUR_KEYS: Record<VdaColour, string> = {
  green: 'execution.vda.colour.green',
  yellow: 'execution.vda.colour.yellow',
  red: 'execution.vda.colour.red',
};

const COLOUR_PALETTE: Record<VdaColour, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  red: 'error.main',
};

/**
 * A level: "E_P5 83 % · yellow", framed and dotted in its traffic-light colour, the colour also
 * in words.
 */
export function VdaLevelBadge({
  name,
  level,
  title,
  testId,
}: {
  name: string;
  level: VdaLevel | undefined;
  /** What the level is about (a sub-element's name), as a tooltip. */
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const percent = level?.percent ?? null;
  const colour = level?.colour ?? null;
  const text =
    percent === null
      ? `${t('execution.vda.levelNone', { name })} · ${t('execution.vda.colour.none')}`
      : `${t('execution.vda.level', { name, percent })} · ${t(COLOUR_KEYS[colour ?? 'red'])}`;
  return (
    <Box
      component="span"
      title={title}
      data-testid={testId}
      data-colour={colour ?? 'none'}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        minHeight: 28,
        px: 1,
        borderRadius: 14,
        border: 2,
        borderColor: colour ? COLOUR_PALETTE[colour] : 'grey.400',
        typography: 'body2',
        fontWeight: 500,
        color: 'text.primary',
        bgcolor: 'background.paper',
        maxWidth: '100%',
        overflowWrap: 'anywhere',
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: colour ? COLOUR_PALETTE[colour] : 'grey.400',
        }}
      />
      {text}
    </Box>
  );
}

/** The sub-element levels of P6 ("E_U1 90 % · green" ...), each named in its tooltip. */
export function VdaSubElementBadges({
  levels,
  subElementName,
}: {
  levels: VdaLevels;
  subElementName: (id: string) => string;
}) {
  return (
    <>
      {levels.subElements.map((level) => (
        <VdaLevelBadge
          key={level.id}
          name={`E_${level.id}`}
          level={level}
          title={subElementName(level.id)}
          testId={`vda-level-${level.id}`}
        />
      ))}
    </>
  );
}

/**
 * The levels at the top of the tab: E_G, every element, the P6 sub-elements and the process
 * steps, so they are at hand in the list view too (the group view shows each element's at its
 * heading).
 */
export function VdaLevelsSummary({
  levels,
  subElementName,
}: {
  levels: VdaLevels;
  subElementName: (id: string) => string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="vda-levels"
    >
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {t('execution.vda.levels')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <VdaLevelBadge name="E_G" level={levels.total} testId="vda-level-G" />
        {[...levels.elements.values()].map((level) => (
          <VdaLevelBadge
            key={level.id}
            name={`E_${level.id}`}
            level={level}
            testId={`vda-level-${level.id}`}
          />
        ))}
      </Box>
      {(levels.subElements.length > 0 || levels.steps.size > 0) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <VdaSubElementBadges levels={levels} subElementName={subElementName} />
          {[...levels.steps.values()].map((level) => (
            <VdaLevelBadge
              key={level.id}
              name={t('execution.vda.stepLevel', { step: level.name ?? level.id })}
              level={level}
              testId={`vda-level-step-${level.id}`}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The process step the P6 questions are evaluated for: a bar that stays at the top while the
 * list scrolls, with the selected step's level E_n.
 */
export function VdaStepSwitcher({
  steps,
  step,
  onChange,
  level,
}: {
  steps: readonly VdaProcessStep[];
  step: string | null;
  onChange: (step: string) => void;
  level: VdaLevel | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const name = steps.find((entry) => entry.id === step)?.name ?? '';
  return (
    <Box
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        py: 1,
        mb: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
      data-testid="vda-step-switcher"
    >
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 500 }}>
        {t('execution.vda.stepSwitcher')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={step}
        onChange={(_event, next: string | null) => {
          if (next !== null) onChange(next);
        }}
        aria-labelledby={labelId}
        sx={{ flexWrap: 'wrap' }}
      >
        {steps.map((entry) => (
          <ToggleButton
            key={entry.id}
            value={entry.id}
            sx={{ minHeight: 44, textTransform: 'none', fontWeight: 500 }}
            data-testid={`vda-step-${entry.id}`}
          >
            {entry.id === step && <CheckIcon fontSize="small" aria-hidden sx={{ mr: 0.5 }} />}
            {entry.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {step !== null && (
        <VdaLevelBadge
          name={t('execution.vda.stepLevel', { step: name })}
          level={level}
          testId="vda-selected-step-level"
        />
      )}
    </Box>
  );
}
