import { useEffect, useRef, useState, type KeyboardEvent, type Ref, type SubmitEvent } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { AnswerFeedback } from './AnswerFeedback.tsx';
import { askWithStream } from './ask-client.ts';
import { sourceName } from '../../../domain/assistant/names.ts';
import { ASSISTANT_CLOSE, isAskResponse } from '../../../lib/assistant-page.ts';
import type { AskResponse, Citation, HistoryEntry } from '../../../domain/assistant/schema.ts';

/** The API's limits, repeated here for the form (the server enforces them). */
const QUESTION_MAX = 1000;
const HISTORY_TURNS = 10;
const HISTORY_ANSWER_MAX = 6000;

const EXAMPLES = [
  'What is BEEF, and why does a transaction carry its own evidence?',
  'How does sign-in with a BRC-100 wallet work?',
  'How can an AI server charge per request?',
];

interface Turn {
  id: number;
  question: string;
  text: string;
  state: 'answering' | 'done' | 'failed';
  response?: AskResponse;
  error?: string;
  /** The reader has voted on this answer (Yes or No). */
  voted?: boolean;
}

/**
 * The conversation and the question being typed, kept in sessionStorage (this tab only, gone when
 * it closes), so a reader who follows a source and comes back, or closes the generator's dialog
 * and opens it again, finds them where they were.
 */
const SAVED_KEY = 'assistant-conversation';
const SAVED_TURNS = 20;

interface Saved {
  turns: Turn[];
  draft: string;
}

function loadSaved(): Saved | undefined {
  try {
    const raw = window.sessionStorage.getItem(SAVED_KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<Saved>;
    // Storage is the page's own, but may hold anything: a turn is restored only in the shape the API
    // answers (its response in the API's shape) and with links into the reader only.
    const valid = (t: Turn) =>
      typeof t?.id === 'number' &&
      typeof t.question === 'string' &&
      typeof t.text === 'string' &&
      (t.state === 'done' || t.state === 'failed') &&
      (t.response === undefined || (isAskResponse(t.response) && t.response.citations.every((c) => c.url.startsWith('/book/'))));
    const turns = Array.isArray(saved.turns) ? (saved.turns as Turn[]).filter(valid) : [];
    return { turns, draft: typeof saved.draft === 'string' ? saved.draft : '' };
  } catch {
    return undefined;
  }
}

function save(turns: Turn[], draft: string): void {
  try {
    const kept = turns.filter((t) => t.state !== 'answering').slice(-SAVED_TURNS);
    if (kept.length === 0 && !draft) window.sessionStorage.removeItem(SAVED_KEY);
    else window.sessionStorage.setItem(SAVED_KEY, JSON.stringify({ turns: kept, draft }));
  } catch {
    // Storage may be full or refused (private modes): the conversation still works, unsaved.
  }
}

/** The answer's text with its [n] markers as links to the cited passages and `code` as code; always text, never HTML. */
export function AnswerText({ text, citations, newTab }: { text: string; citations: Citation[]; newTab: boolean }) {
  const parts = text.split(/(\[\d+\]|`[^`\n]+`)/);
  return (
    <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere] dark:text-slate-100">
      {parts.map((part, i) => {
        if (/^`[^`\n]+`$/.test(part))
          return (
            <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
              {part.slice(1, -1)}
            </code>
          );
        const n = /^\[(\d+)\]$/.exec(part)?.[1];
        const citation = n ? citations[Number(n) - 1] : undefined;
        if (!citation) return part;
        return (
          <a
            key={i}
            href={citation.url}
            {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
            title={`${citation.title}, ${citation.section}`}
            className="mx-0.5 align-super text-xs font-semibold text-brand-700 no-underline hover:underline dark:text-brand-300"
          >
            [{n}]
          </a>
        );
      })}
    </p>
  );
}

/** What a failed answer says: the API's own message when it gave one, never its raw body twice ("500: 500: oops"). */
function failureMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.serverMessage) return `${e.status}: ${e.serverMessage}`;
    return `${e.status}: The assistant could not answer just now. Your question is back in the box: please try again.`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** A source as the list names it (see sourceName). */
function sourceLabel(c: Citation): string {
  const { chapter, section } = sourceName(c.title, c.section);
  return section === undefined ? chapter : `${chapter}: ${section}`;
}

function engineLabel(r: AskResponse): string {
  if (r.engine === 'offline') return r.citations.length > 0 ? 'Offline engine: passages quoted from the book' : 'Offline engine';
  return `Written by ${r.engine === 'anthropic' ? 'Claude' : 'OpenAI'} (${r.model}) from the passages below`;
}

/**
 * The book assistant: a question box and the conversation. Answers stream in as they are written;
 * each lists the sections it cites, linked into the reader. Framed in the generator's dialog,
 * citations open in a new tab so the generator stays where it was.
 */
export default function AssistantChat({ bookTitle }: { bookTitle: string }) {
  useEscapeClosesFrame();

  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [notice, setNotice] = useState('');
  const [embedded, setEmbedded] = useState(false);
  const nextId = useRef(1);
  const latest = useRef<HTMLElement>(null);
  const asked = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const pending = turns.some((t) => t.state === 'answering');
  // A longer question is kept as typed or pasted (never cut without a word), and not sent.
  const tooLong = question.trim().length > QUESTION_MAX;

  const restored = useRef(false);
  useEffect(() => {
    setEmbedded(window.self !== window.top);
    const saved = loadSaved();
    if (saved) {
      // Restored turns do not scroll the page: the reader comes back to where they were.
      asked.current = saved.turns.length;
      setTurns(saved.turns);
      setQuestion(saved.draft);
      nextId.current = Math.max(0, ...saved.turns.map((t) => t.id)) + 1;
    }
    restored.current = true;
    return () => inFlight.current?.abort();
  }, []);

  useEffect(() => {
    if (restored.current) save(turns, question);
  }, [turns, question]);

  // A new question scrolls into view once, with its answer below it; the answer then grows in place.
  useEffect(() => {
    if (turns.length > asked.current) latest.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    asked.current = turns.length;
  }, [turns.length]);

  const update = (id: number, change: (t: Turn) => Turn) => setTurns((all) => all.map((t) => (t.id === id ? change(t) : t)));

  async function ask(raw: string) {
    const text = raw.trim();
    if (pending) return;
    if (!text) {
      setNotice('Type a question first.');
      input.current?.focus();
      return;
    }
    if (text.length > QUESTION_MAX) {
      setNotice(`A question can be at most ${QUESTION_MAX} characters.`);
      return;
    }
    setNotice('');
    const history: HistoryEntry[] = turns
      .filter((t) => t.state === 'done' && t.response)
      .flatMap((t): HistoryEntry[] => [
        { role: 'user', content: t.question },
        { role: 'assistant', content: (t.response?.answer ?? '').slice(0, HISTORY_ANSWER_MAX) },
      ])
      .slice(-HISTORY_TURNS);
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question: text, text: '', state: 'answering' }]);
    setQuestion('');
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await askWithStream(text, history, (piece) => update(id, (t) => ({ ...t, text: t.text + piece })), controller.signal);
      update(id, (t) => ({ ...t, state: 'done', text: response.answer, response }));
    } catch (e) {
      if (controller.signal.aborted) return;
      update(id, (t) => ({ ...t, state: 'failed', error: failureMessage(e) }));
      // The question is not lost: it goes back in the box, unless another one is being typed.
      setQuestion((typed) => typed || text);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void ask(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(question);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section role="log" aria-label="Conversation" aria-busy={pending} className="flex flex-col gap-6" data-testid="assistant-conversation">
        {turns.length === 0 && (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900">
            <p className="text-slate-700 dark:text-slate-300">
              Ask anything about <em>{bookTitle}</em>. Answers come only from the book&apos;s text and cite the sections they use; when the book does not cover
              a question, the assistant says so.
            </p>
            <p className="mt-3 text-sm font-semibold text-slate-700 dark:text-slate-300">Try:</p>
            <ul className="mt-2 flex flex-col gap-2">
              {EXAMPLES.map((q) => (
                <li key={q}>
                  <button
                    type="button"
                    onClick={() => void ask(q)}
                    className="text-left text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {turns.map((t, i) => (
          <TurnView
            key={t.id}
            turn={t}
            embedded={embedded}
            ref={i === turns.length - 1 ? latest : undefined}
            onVoted={() => update(t.id, (x) => ({ ...x, voted: true }))}
          />
        ))}
      </section>

      {turns.length > 0 && !pending && (
        <button
          type="button"
          onClick={() => {
            setTurns([]);
            asked.current = 0;
            setNotice('');
            input.current?.focus();
          }}
          className="self-start text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
        >
          New conversation
        </button>
      )}

      <form
        onSubmit={submit}
        className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-white py-3 dark:border-slate-800 dark:bg-slate-950"
        noValidate
      >
        <label htmlFor="assistant-question" className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          Your question
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="assistant-question"
            ref={input}
            value={question}
            rows={2}
            aria-invalid={tooLong}
            onChange={(e) => {
              setQuestion(e.target.value);
              if (notice) setNotice('');
            }}
            onKeyDown={onKeyDown}
            placeholder="For example: how does SPV verify a payment?"
            aria-describedby="assistant-question-help"
            className="min-h-12 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          />
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending ? 'Answering…' : 'Ask'}
          </button>
        </div>
        <p id="assistant-question-help" className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
          <span role="status">
            {notice ||
              (tooLong ? `A question can be at most ${QUESTION_MAX} characters: shorten it to send it.` : 'Enter sends; Shift+Enter starts a new line.')}
          </span>
          <span className={tooLong ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
            {question.length}/{QUESTION_MAX}
          </span>
        </p>
      </form>
    </div>
  );
}

/** One question and its answer: the text as it streams, the sources it cites, who wrote it, and the feedback control. */
function TurnView({ turn: t, embedded, ref, onVoted }: { turn: Turn; embedded: boolean; ref: Ref<HTMLElement> | undefined; onVoted: () => void }) {
  return (
    <article ref={ref} className="flex scroll-mt-4 flex-col gap-3" data-testid="assistant-turn" aria-busy={t.state === 'answering'}>
      <p className="max-w-full self-end rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-white whitespace-pre-line [overflow-wrap:anywhere]">
        <span className="sr-only">You asked: </span>
        {t.question}
      </p>
      <div
        className="rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900"
        data-testid="assistant-answer"
      >
        {t.state === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {t.error}
          </p>
        ) : t.text ? (
          <AnswerText text={t.text} citations={t.response?.citations ?? []} newTab={embedded} />
        ) : (
          <p className="text-slate-600 dark:text-slate-300">Searching the book…</p>
        )}
        {t.response && t.response.citations.length > 0 && (
          <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Sources in the book</p>
            <ol className="mt-1 flex flex-col gap-1 text-sm" data-testid="assistant-citations">
              {t.response.citations.map((c, i) => (
                <li key={`${c.url}-${i}`}>
                  <span className="text-slate-500 dark:text-slate-400">[{i + 1}]</span>{' '}
                  <a
                    href={c.url}
                    {...(embedded ? { target: '_blank', rel: 'noopener' } : {})}
                    className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {sourceLabel(c)}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        )}
        {t.response && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{engineLabel(t.response)}</p>}
        {t.response && t.state === 'done' && <AnswerFeedback question={t.question} response={t.response} voted={t.voted === true} onVoted={onVoted} />}
      </div>
    </article>
  );
}

/**
 * Framed by this site's own dialog (the generator's "Ask BitGenius AI"): Escape pressed inside the
 * frame closes the dialog, as it does outside it. Only our own origin is told.
 */
function useEscapeClosesFrame(): void {
  useEffect(() => {
    if (window.parent === window) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) window.parent.postMessage({ type: ASSISTANT_CLOSE }, window.location.origin);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
