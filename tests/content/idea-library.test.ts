import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkIdea, checkLibrary } from '../../src/domain/ideas/library/check.ts';
import { loadLibrary, readBookFacts } from '../../src/domain/ideas/library/load.ts';
import { articleSlips, doubledWords, sixWordPhrases, textsOf } from '../../src/domain/ideas/library/prose.ts';
import { selectIdea, unmetNotice } from '../../src/domain/ideas/library/select.ts';
import { DEFAULT_SETTINGS, type GenerateRequest } from '../../src/domain/ideas/schema.ts';
import { OPTION_LABELS } from '../../src/domain/option-labels.ts';

/**
 * The offline idea library as it ships (content/ideas): every idea's schema, numbers and prose
 * (the same checks as `npm run check:ideas`), each category's coverage, and what a visitor gets.
 */
const content = path.resolve('content');
const [{ ideas: library, errors }, book] = await Promise.all([loadLibrary(content), readBookFacts(content)]);
const categories = Object.keys(OPTION_LABELS.businessCategory).filter((c) => c !== 'all');
const controls = { targetMarket: 'targetMarkets', aiFocus: 'aiFocuses', revenueModel: 'revenueModels', bsvFeature: 'bsvFeatures' } as const;
const ask = (over: Record<string, unknown>) => ({ ...DEFAULT_SETTINGS, ...over }) as GenerateRequest;

describe('the offline idea library', () => {
  it('parses, and every idea passes its checks: numbers that follow from its economics, prose, roadmap, sections', () => {
    expect(errors).toEqual([]);
    const problems = library.flatMap((idea) => checkIdea(idea, book).map((p) => `${idea.key}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('covers every category: 12 ideas or more, 3 per innovation band, every option honoured; no phrase shared by more than 5%', () => {
    expect(checkLibrary(library)).toEqual([]);
  });

  it('gives 10 or more distinct ideas in 12 clicks of one visit, in every category', () => {
    for (const category of categories) {
      const shown = new Set(
        Array.from({ length: 12 }, (_, n) => selectIdea(library, ask({ businessCategory: category }), `visit--${n}`).item)
          .filter((item) => item.fits.category === category)
          .map((item) => item.key),
      );
      expect(shown.size, category).toBeGreaterThanOrEqual(10);
    }
  });

  it('honours a change of one control in every category', () => {
    const missed: string[] = [];
    for (const category of categories)
      for (const [control, key] of Object.entries(controls) as [keyof typeof controls, (typeof controls)[keyof typeof controls]][])
        for (const value of Object.keys(OPTION_LABELS[control]).filter((v) => v !== 'all')) {
          const { item } = selectIdea(library, ask({ businessCategory: category, [control]: value }), 'one-change');
          if (item.fits.category !== category || !(item.fits[key] as string[]).includes(value)) missed.push(`${category} ${control}=${value}`);
        }
    expect(missed).toEqual([]);
  });

  it('over 60 varied settings names every setting it does not honour, and reads clean', () => {
    let state = 7;
    const next = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
    const pick = (field: keyof typeof OPTION_LABELS) => {
      const values = Object.keys(OPTION_LABELS[field]);
      return values[Math.floor(next() * values.length)];
    };
    const shown = Array.from({ length: 60 }, (_, i) => {
      const request = ask({
        businessCategory: pick('businessCategory'),
        targetMarket: pick('targetMarket'),
        aiFocus: pick('aiFocus'),
        revenueModel: pick('revenueModel'),
        bsvFeature: pick('bsvFeature'),
        innovationLevel: 1 + Math.floor(next() * 10),
      });
      return { request, ...selectIdea(library, request, `varied-${i}`) };
    });
    for (const { request, item, unmet } of shown) {
      const notice = unmetNotice(unmet) ?? '';
      for (const [control, key] of Object.entries(controls) as [keyof typeof controls, (typeof controls)[keyof typeof controls]][]) {
        const asked = request[control];
        if (asked !== 'all' && !(item.fits[key] as string[]).includes(asked)) expect(notice, `${item.key} for ${control}=${asked}`).toContain(`not ${OPTION_LABELS[control][asked as keyof (typeof OPTION_LABELS)[typeof control]]}`);
      }
      if (request.businessCategory !== 'all' && item.fits.category !== request.businessCategory) expect(notice).toMatch(/^The closest idea .*category /);
    }
    const texts = shown.flatMap((s) => textsOf(s.item.idea));
    expect(texts.flatMap(articleSlips)).toEqual([]);
    expect(texts.flatMap(doubledWords)).toEqual([]);
    const counts = new Map<string, number>();
    for (const s of shown) for (const phrase of sixWordPhrases(textsOf(s.item.idea).join('\n'))) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 12).length).toBeLessThanOrEqual(5);
  });
});
