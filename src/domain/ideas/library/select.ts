import { optionLabel, type OptionField } from '../../option-labels.ts';
import type { GenerateRequest } from '../schema.ts';
import { seededRandom } from '../seeded-random.ts';
import type { LibraryIdea } from './schema.ts';

/**
 * The controls an idea declares in `fits`, by the request field they answer. Past the category, an
 * idea that misses fewer settings ranks first, whichever they are (a reader counts the differences);
 * of equals, one that keeps the revenue model and market, then the BSV feature and AI focus.
 */
const CONTROLS = [
  { field: 'businessCategory', weight: 10_000, values: (i: LibraryIdea) => [i.fits.category] },
  { field: 'revenueModel', weight: 110, values: (i: LibraryIdea) => i.fits.revenueModels },
  { field: 'targetMarket', weight: 110, values: (i: LibraryIdea) => i.fits.targetMarkets },
  { field: 'bsvFeature', weight: 105, values: (i: LibraryIdea) => i.fits.bsvFeatures },
  { field: 'aiFocus', weight: 105, values: (i: LibraryIdea) => i.fits.aiFocuses },
] as const satisfies readonly { field: OptionField; weight: number; values: (i: LibraryIdea) => readonly string[] }[];

/** 1-3, 4-7, 8-10: an idea honours a level in its band. */
function band(level: number): number {
  return level <= 3 ? 0 : level <= 7 ? 1 : 2;
}

/**
 * How well an idea fits the settings: the category first, then how many of the other settings it
 * honours (the innovation level's band counts as one), then which (see CONTROLS) and the nearest
 * level: a level six or more further from the asked one ranks below a missed AI focus or BSV
 * feature. 'all' is honoured by every idea.
 */
export function fitScore(idea: LibraryIdea, request: GenerateRequest): number {
  let score = 0;
  for (const control of CONTROLS) {
    const asked = request[control.field];
    if (asked === 'all' || control.values(idea).includes(asked)) score += control.weight;
  }
  const level = idea.fits.innovationLevel;
  if (band(level) === band(request.innovationLevel)) score += 100;
  return score + 9 - Math.abs(level - request.innovationLevel);
}

/** A visit's seed: `<base>--<n>` is the n-th click of the visit whose series is `<base>`. */
export function parseSeed(seed: string): { base: string; click: number } {
  const m = /^(.*)--(\d{1,6})$/.exec(seed);
  return m ? { base: m[1] ?? '', click: Number(m[2]) } : { base: seed, click: 0 };
}

/** What the selection gives: the idea, its own values for the settings, and what it does not honour. */
export interface Selection {
  item: LibraryIdea;
  /** Every setting as the idea has it: the request's value where the idea honours it, else the idea's own. */
  resolved: Record<string, string | number>;
  /** Plain words for each requested setting the idea does not honour (empty when it honours them all). */
  unmet: string[];
}

/**
 * The library idea for these settings and this click of a visit: ideas ranked by {@link fitScore}
 * (ties in an order of the visit's own, so two visits see different ideas), the click-th of them.
 * A visit's clicks walk down the ranking, so none repeats until every idea has been shown; the same
 * seed gives the same idea.
 */
export function selectIdea(library: readonly LibraryIdea[], request: GenerateRequest, seed: string): Selection {
  if (library.length === 0) throw new Error('the offline idea library is empty');
  const { base, click } = parseSeed(seed);
  const ranked = library
    .map((item) => ({ item, score: fitScore(item, request), tie: seededRandom(base, item.key)() }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie);
  const item = (ranked[click % ranked.length] ?? ranked[0])!.item;
  return { item, ...honoured(item, request) };
}

/** The idea's values for the request's settings, and the settings it does not honour, in words. */
function honoured(item: LibraryIdea, request: GenerateRequest): Omit<Selection, 'item'> {
  const resolved: Record<string, string | number> = {};
  const unmet: string[] = [];
  for (const control of CONTROLS) {
    const asked = request[control.field];
    const own = control.values(item);
    const value = asked !== 'all' && own.includes(asked) ? asked : (own[0] ?? asked);
    resolved[control.field] = value;
    // Every value the idea has, not only the first: two notices for one idea never seem to disagree.
    if (asked !== 'all' && value !== asked) {
      const labels = own.map((v) => optionLabel(control.field, v));
      const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? value);
      unmet.push(`${CONTROL_NAMES[control.field]} ${list}, not ${optionLabel(control.field, asked)}`);
    }
  }
  resolved['innovationLevel'] = item.fits.innovationLevel;
  // Named even inside the level's band: a reader who asked for 9 and was shown 8 took silence for an omission.
  if (item.fits.innovationLevel !== request.innovationLevel) unmet.push(`innovation level ${item.fits.innovationLevel}, not ${request.innovationLevel}`);
  return { resolved, unmet };
}

const CONTROL_NAMES: Record<(typeof CONTROLS)[number]['field'], string> = {
  businessCategory: 'category',
  revenueModel: 'revenue model',
  targetMarket: 'target market',
  bsvFeature: 'BSV feature',
  aiFocus: 'AI focus',
};

/** The sentence that names every setting the chosen idea does not honour, or null when it honours them all. */
export function unmetNotice(unmet: string[]): string | null {
  if (unmet.length === 0) return null;
  const count = unmet.length === 1 ? 'one' : unmet.length === 2 ? 'two of them' : `${unmet.length} of them`;
  return `The closest idea in the offline library differs from your settings in ${count}: ${unmet.join('; ')}.`;
}
