import { describe, expect, it } from 'vitest';
import { FigureError, labelledLate, parseFigure } from '../../src/domain/book/figures.ts';

const figure = (diagram: string) => `caption: A caption long enough to say something.\nalt: What it shows.\n---\n${diagram}`;

describe('a figure block', () => {
  it('refuses a flowchart node named bare before the line that labels it (it would render as its id)', () => {
    const late = 'flowchart TD\n  S[Checks] -->|fails| U\n  S -->|pass| V[Verified]\n  P[Match] -->|none| U[Unknown, not fake]';
    expect(labelledLate(late)).toEqual(['U']);
    expect(() => parseFigure(figure(late))).toThrow(FigureError);
    expect(() => parseFigure(figure(late))).toThrow(/node U is used before the line that gives its label/);
    const early = 'flowchart TD\n  S[Checks] -->|fails| U[Unknown, not fake]\n  P[Match] -->|none| U';
    expect(labelledLate(early)).toEqual([]);
    expect(parseFigure(figure(early)).diagram).toBe(early);
  });

  it('leaves other diagrams alone', () => {
    expect(labelledLate('sequenceDiagram\n  A->>B: hello\n  B-->>A: B')).toEqual([]);
  });
});
