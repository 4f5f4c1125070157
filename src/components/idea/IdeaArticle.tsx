import type { ReactNode } from 'react';
import { formatLongDate, toParagraphs, type IdeaView } from '../../domain/ideas/normalize.ts';
import { Card, List, Pairs, Sub } from './ui.tsx';

interface Props {
  idea: IdeaView;
  /** 1 on the idea page; 2 where the page has its own h1 (the generator result). */
  titleLevel?: 1 | 2;
  /** The time zone of the date (UTC on the server and the first client render). */
  timeZone?: string | undefined;
  /** Shown under the title: the generator's engine line, notice and actions; the owner's delete. */
  headerExtra?: ReactNode;
  /** Appended to the side column (the idea page's 'Ready to Build?' box). */
  asideExtra?: ReactNode;
}

/**
 * One generated idea, every section docs/spec.md's idea detail names, each shown only when its data
 * exists. The idea page and the generator result both render it from `normalizeIdea`'s view, so
 * the two cannot label or order anything differently.
 */
export function IdeaArticle({ idea, titleLevel = 1, timeZone, headerExtra, asideExtra }: Props) {
  const Title = `h${titleLevel}` as const;
  const card = (titleLevel + 1) as 2 | 3;
  const sub = (card + 1) as 3 | 4;
  const synergies = idea.synergies;
  return (
    <article>
      <header className="mb-8">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {idea.category}
          </span>
          <span className="rounded-full bg-gold-400/20 px-3 py-1 text-sm font-semibold text-amber-900 dark:text-gold-400">AI + BSV Innovation</span>
        </div>
        <Title className="mt-4 font-serif text-4xl font-bold break-words text-slate-900 sm:text-5xl dark:text-white">{idea.title}</Title>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Generated {formatLongDate(idea.createdAt, timeZone)}
          {idea.madeBy && (
            <>
              {' · '}
              <span data-testid="made-by">{idea.madeBy}</span>
            </>
          )}
        </p>
        {headerExtra}
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {idea.summary && (
            <Card id="card-overview" title="Business Overview" level={card}>
              <div className="space-y-3 leading-relaxed">
                {toParagraphs(idea.summary).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </Card>
          )}
          {idea.painPoints.length > 0 && (
            <Card collapsible id="card-pain-points" title="Pain Points Solved" level={card}>
              <List items={idea.painPoints} />
            </Card>
          )}
          {idea.coreFeatures.length > 0 && (
            <Card collapsible id="card-core-features" title="Core Features" level={card}>
              <ul className="grid gap-4 md:grid-cols-2">
                {idea.coreFeatures.map((f, i) => (
                  <li key={i}>
                    <p className="font-semibold text-slate-900 dark:text-white">{f.title}</p>
                    {f.description && <p className="text-sm">{f.description}</p>}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {synergies && (
            <Card collapsible id="card-synergies" title="Technology Synergies" level={card}>
              <div className="space-y-4">
                {synergies.internet && (
                  <Sub title="Internet Infrastructure" level={sub}>
                    {synergies.internet}
                  </Sub>
                )}
                {synergies.ai && (
                  <Sub title="AI Integration" level={sub}>
                    {synergies.ai}
                  </Sub>
                )}
                {synergies.bsv && (
                  <Sub title="BSV Blockchain" level={sub}>
                    {synergies.bsv}
                  </Sub>
                )}
              </div>
            </Card>
          )}
          {idea.marketAnalysis && (
            <Card collapsible id="card-market" title="Market Analysis" level={card}>
              {idea.marketAnalysis.text && <p>{idea.marketAnalysis.text}</p>}
              {idea.marketAnalysis.facts.length > 0 && <Pairs items={idea.marketAnalysis.facts} />}
            </Card>
          )}
          {idea.businessModel && (
            <Card collapsible id="card-business-model" title="Business Model" level={card}>
              <div className="space-y-4">
                {idea.businessModel.revenueStreams.length > 0 && (
                  <Sub title="Revenue Streams" level={sub}>
                    <List items={idea.businessModel.revenueStreams} />
                  </Sub>
                )}
                {idea.businessModel.costStructure.length > 0 && (
                  <Sub title="Cost Structure" level={sub}>
                    <List items={idea.businessModel.costStructure} />
                  </Sub>
                )}
                {idea.businessModel.keyMetrics.length > 0 && (
                  <Sub title="Key Metrics" level={sub}>
                    <Pairs items={idea.businessModel.keyMetrics} />
                  </Sub>
                )}
              </div>
            </Card>
          )}
          {idea.revenueModel && (
            <Card collapsible id="card-revenue-model" title="Revenue Model" level={card}>
              <p>{idea.revenueModel}</p>
            </Card>
          )}
          {idea.roadmap.length > 0 && (
            <Card collapsible id="card-roadmap" title="Implementation Roadmap" level={card}>
              <ol className="space-y-5">
                {idea.roadmap.map((step, i) => {
                  const Phase = `h${sub}` as const;
                  return (
                    <li key={i} className="flex gap-4">
                      <span
                        aria-hidden="true"
                        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                      >
                        {i + 1}
                      </span>
                      <div>
                        <Phase className="font-semibold text-slate-900 dark:text-white">
                          {/* The number is drawn beside the heading; say it once when the phase does not. */}
                          {!/^phase\s+\d/i.test(step.phase) && <span className="sr-only">Phase {i + 1}: </span>}
                          {step.phase}
                        </Phase>
                        {step.timeline && <p className="text-sm text-slate-600 dark:text-slate-400">{step.timeline}</p>}
                        {step.tasks.length > 0 && <List items={step.tasks} />}
                      </div>
                    </li>
                  );
                })}
              </ol>
            </Card>
          )}
          {idea.advantages && (
            <Card collapsible id="card-advantages" title="Competitive Advantages" level={card}>
              <div className="space-y-4">
                {idea.advantages.differentiators.length > 0 && (
                  <Sub title="Key Differentiators" level={sub}>
                    <List items={idea.advantages.differentiators} />
                  </Sub>
                )}
                {idea.advantages.architecture.length > 0 && (
                  <Sub title="Technical Architecture" level={sub}>
                    <Pairs items={idea.advantages.architecture} />
                  </Sub>
                )}
              </div>
            </Card>
          )}
        </div>

        <aside className="min-w-0 space-y-6" aria-label="Idea details">
          <Card id="card-key-details" title="Key Details" level={card}>
            <Pairs
              items={[
                { label: 'Target Market', value: idea.details.targetMarket },
                { label: 'AI Focus', value: idea.details.aiFocus },
                { label: 'BSV Feature', value: idea.details.bsvFeature },
                { label: 'Innovation Level', value: `${idea.details.innovationLevel}/10` },
              ]}
            />
          </Card>
          {idea.inspiredBy.length > 0 && (
            <Card collapsible id="card-inspired-by" title="Inspired by the Book" level={card}>
              <ul className="space-y-2">
                {idea.inspiredBy.map((chapter) => (
                  <li key={chapter.id}>
                    <a href={chapter.href} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {chapter.title}
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {asideExtra}
        </aside>
      </div>
    </article>
  );
}
