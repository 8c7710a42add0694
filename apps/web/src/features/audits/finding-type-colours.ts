import type { FindingType } from '@qa/domain';

/** A finding type's colour: the fill, and the text colour that reads on it. */
export interface TypeColour {
  fill: string;
  text: string;
}

/**
 * Fills of the ordinary types from the least to the most severe: blue, amber, orange, red
 * (issue 34.4). The importances' colours, which the types borrowed before, gave a remark and a
 * conforming answer the same green and failed contrast under white text.
 */
const SEVERITY_FILLS = ['#1565c0', '#f9a825', '#ef6c00', '#b71c1c'] as const;
/** A conforming answer and a question that does not apply. */
const CONFORMING_FILL = '#2e7d32';
const NOT_APPLICABLE_FILL = '#616161';
const DARK_TEXT = '#1f1f1f';
const LIGHT_TEXT = '#ffffff';

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2's contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour of the two that contrasts more with the fill. */
function colourOn(fill: string): TypeColour {
  const text =
    contrastRatio(fill, LIGHT_TEXT) >= contrastRatio(fill, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return { fill, text };
}

/**
 * Each configured type's colour: conforming green, not applicable grey, and the ordinary types
 * along the severity ramp by their value (higher is worse), spread over the whole ramp so the
 * least and the most severe type always differ most. The text colour is chosen per fill, so
 * text on every fill meets WCAG AA (4.5:1).
 */
export function findingTypeColours(types: readonly FindingType[]): Map<string, TypeColour> {
  const colours = new Map<string, TypeColour>();
  const ordinary = types
    .filter((type) => !type.is_no_deviation && !type.is_not_applicable)
    .sort((a, b) => a.value - b.value);
  const last = SEVERITY_FILLS.length - 1;
  ordinary.forEach((type, index) => {
    const step = ordinary.length === 1 ? last : Math.round((index * last) / (ordinary.length - 1));
    colours.set(type.id, colourOn(SEVERITY_FILLS[step]!));
  });
  for (const type of types) {
    if (type.is_no_deviation) colours.set(type.id, colourOn(CONFORMING_FILL));
    else if (type.is_not_applicable) colours.set(type.id, colourOn(NOT_APPLICABLE_FILL));
  }
  return colours;
}

/** A type's colour; an id the configuration lacks is grey. */
export function findingTypeColour(types: readonly FindingType[], id: string): TypeColour {
  return findingTypeColours(types).get(id) ?? colourOn(NOT_APPLICABLE_FILL);
}
