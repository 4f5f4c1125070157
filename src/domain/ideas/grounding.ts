import type { IdeaSeed } from '../book/schema.ts';
import type { ChapterSource } from '../book/load.ts';
import { shortSubtitle } from '../book/load.ts';
import { OPTION_FIELDS, type OptionField } from '../options.ts';
import type { GenerateRequest, InspiredBy } from './schema.ts';

/** What the engines need of a chapter: its metadata and generator material, not its whole text. */
export interface GroundingChapter {
  id: string;
  title: string;
  subtitle: string;
  keyPoints: string[];
  topics: Record<OptionField, string[]>;
  seeds: IdeaSeed[];
  /** A short opening excerpt of the prose (provider context only). */
  excerpt: string;
}

/** A chapter with how well it matches the chosen controls. */
export interface ScoredChapter {
  chapter: GroundingChapter;
  score: number;
}

/** How much a match on each control counts: the category decides the domain, the rest refine it. */
const WEIGHTS: Record<OptionField, number> = { businessCategory: 5, bsvFeature: 3, aiFocus: 3, revenueModel: 2, targetMarket: 1 };

/** A random source in [0, 1); engines pass a seeded one so results are reproducible. */
export type Random = () => number;

/** Converts a loaded chapter to the material the engines use. */
export function toGroundingChapter(chapter: ChapterSource, excerptChars = 700): GroundingChapter {
  return {
    id: chapter.id,
    title: chapter.title,
    subtitle: chapter.subtitle,
    keyPoints: chapter.keyPoints,
    topics: {
      businessCategory: chapter.topics.businessCategory.map(String),
      aiFocus: chapter.topics.aiFocus.map(String),
      bsvFeature: chapter.topics.bsvFeature.map(String),
      revenueModel: chapter.topics.revenueModel.map(String),
      targetMarket: chapter.topics.targetMarket.map(String),
    },
    seeds: chapter.seeds,
    excerpt: proseExcerpt(chapter.markdown, excerptChars),
  };
}

/** The first paragraphs of a chapter as plain text, cut at a sentence end near `max` characters. */
export function proseExcerpt(markdown: string, max: number): string {
  const paragraphs = markdown
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !/^(#|[-*|>]|\d+\.)/.test(p))
    .map((p) =>
      p
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/[*_`]/g, '')
        .replace(/\s+/g, ' '),
    );
  let text = '';
  for (const p of paragraphs) {
    text = text ? `${text} ${p}` : p;
    if (text.length >= max) break;
  }
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}...`;
}

/**
 * Scores one chapter against the request. Topic lists are ordered by relevance, so a value listed
 * first counts fully and later ones a little less ("healthcare" is chapter 9's first category).
 */
function scoreChapter(chapter: GroundingChapter, request: GenerateRequest): number {
  let score = 0;
  for (const field of OPTION_FIELDS) {
    const value = request[field];
    if (value === 'all') continue;
    const list = chapter.topics[field];
    const index = list.indexOf(value);
    if (index >= 0) score += WEIGHTS[field] * (1 - Math.min(index, 5) * 0.1);
  }
  return score;
}

/**
 * The chapters that match the controls, best first (ties broken by `random`, so "all" still
 * varies between requests). Always returns at least `min` chapters: when nothing matches (for
 * example real estate, which no chapter covers), the best partial matches, then random ones, fill in.
 */
export function matchChapters(chapters: GroundingChapter[], request: GenerateRequest, random: Random, { min = 2, max = 3 } = {}): ScoredChapter[] {
  const scored = chapters
    .map((chapter) => ({ chapter, score: scoreChapter(chapter, request), tie: random() }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie);
  const best = scored[0]?.score ?? 0;
  // Keep chapters that score at least half of the best one, within [min, max].
  const strong = scored.filter((s) => best > 0 && s.score >= best / 2);
  const count = Math.max(min, Math.min(max, strong.length));
  return scored.slice(0, count).map(({ chapter, score }) => ({ chapter, score }));
}

/** The `inspiredBy` list of an idea: "Chapter 9: Healthcare". */
export function inspiredByOf(chapters: GroundingChapter[]): InspiredBy {
  return chapters.map((c) => ({ id: c.id, title: `${c.title}: ${shortSubtitle(c.subtitle)}` }));
}
