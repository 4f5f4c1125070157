import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import satori from 'satori';

/**
 * Server-side PNG rendering for generated images (EPUB cover, share cards): satori lays out a small
 * element tree into SVG with the bundled Inter font, resvg (WebAssembly, no native binary in the
 * function) rasterises it. Fonts and the wasm are read from node_modules once per process.
 */

/** A satori element: a plain object tree, so callers need no JSX (`h('div', { style }, ...)`). */
export interface ImageNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: ImageChild | ImageChild[]; [key: string]: unknown };
}
export type ImageChild = ImageNode | string | null | undefined | false;

/** Builds an element for `renderPng`; `children` are nodes or text. */
export function h(type: string, style: Record<string, string | number>, ...children: ImageChild[]): ImageNode {
  const kept = children.filter((c): c is ImageNode | string => c !== null && c !== undefined && c !== false);
  return { type, props: { style, children: kept.length === 1 ? kept[0] : kept } };
}

const require = createRequire(import.meta.url);

let ready: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

// resvg's WebAssembly may be initialised once per process. This module is loaded once per process
// (one module graph, on Netlify as in the local runtime), so a module-level promise is enough.
let wasmReady: Promise<void> | undefined;
function initResvgOnce(): Promise<void> {
  wasmReady ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))
    .then((wasm) => initWasm(wasm))
    .catch((e: unknown) => {
      wasmReady = undefined;
      throw e;
    });
  return wasmReady;
}

async function load(): Promise<{ regular: Buffer; bold: Buffer }> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')),
    readFile(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')),
    initResvgOnce(),
  ]);
  return { regular, bold };
}

/** Renders `node` to a PNG of `width` x `height` pixels (the font is Inter, 400 and 700). */
export async function renderPng(node: ImageNode, width: number, height: number, outputWidth = width): Promise<Uint8Array> {
  ready ??= load().catch((e: unknown) => {
    ready = undefined;
    throw e;
  });
  const fonts = await ready;
  const svg = await satori(node as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: [
      { name: 'Inter', data: fonts.regular, weight: 400, style: 'normal' },
      { name: 'Inter', data: fonts.bold, weight: 700, style: 'normal' },
    ],
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: outputWidth } }).render();
  try {
    return png.asPng();
  } finally {
    png.free();
  }
}
