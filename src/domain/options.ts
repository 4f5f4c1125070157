import { z } from 'zod';

/** The generator's option enums (zod) and, re-exported, their labels. */
export { OPTION_FIELDS, OPTION_LABELS, optionLabel, type OptionField } from './option-labels.ts';
import { OPTION_LABELS, type OptionField } from './option-labels.ts';

function valuesOf<F extends OptionField>(field: F) {
  return Object.keys(OPTION_LABELS[field]) as [keyof (typeof OPTION_LABELS)[F] & string, ...(keyof (typeof OPTION_LABELS)[F] & string)[]];
}

export const businessCategorySchema = z.enum(valuesOf('businessCategory'));
export const targetMarketSchema = z.enum(valuesOf('targetMarket'));
export const aiFocusSchema = z.enum(valuesOf('aiFocus'));
export const revenueModelSchema = z.enum(valuesOf('revenueModel'));
export const bsvFeatureSchema = z.enum(valuesOf('bsvFeature'));
