import { IDEA_SECTIONS, type EngineAnswer, type EngineCallOptions, type EngineInput, type IdeaEngine } from '../engine.ts';
import { LIBRARY_MODEL } from '../normalize.ts';
import type { GeneratedIdea } from '../schema.ts';
import { selectIdea, unmetNotice } from './select.ts';
import type { LibraryIdea } from './schema.ts';

/**
 * The offline engine: it selects, it does not compose (docs/architecture.md "Generation"). For the
 * settings and the seed, the best-fitting idea of the library written by people (content/ideas),
 * the next best on each further click of a visit; the settings the idea does not honour are named
 * in the answer's notice. Not a sentence is changed.
 */
export class LibraryEngine implements IdeaEngine {
  readonly seeded = true;
  readonly description = 'the offline engine';
  readonly name = 'offline' as const;
  readonly model = LIBRARY_MODEL;
  private readonly library: () => Promise<readonly LibraryIdea[]>;

  /** @param library the ideas, loaded once (content/ideas in production, a few ideas in tests) */
  constructor(library: () => Promise<readonly LibraryIdea[]>) {
    this.library = library;
  }

  /** The library's first choice for these settings (no seed: the same for every visit). */
  async exampleFor(request: EngineInput['request']): Promise<GeneratedIdea> {
    return selectIdea(await this.library(), request, 'example').item.idea;
  }

  async generate(input: EngineInput, { signal, onSection }: EngineCallOptions): Promise<EngineAnswer> {
    signal.throwIfAborted();
    const { item, resolved, unmet } = selectIdea(await this.library(), input.request, input.seed ?? crypto.randomUUID());
    for (const section of IDEA_SECTIONS) onSection?.(section);
    const notice = unmetNotice(unmet);
    return {
      idea: item.idea,
      chapterIds: [...new Set(item.draws.map((d) => d.chapter))],
      sections: item.draws,
      resolved,
      ...(notice ? { notice } : {}),
    };
  }
}
