import { describe, expect, it } from 'vitest';
import { h, renderPng } from '../../src/domain/images/png.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('renderPng', () => {
  it('renders text with the bundled font to a PNG of the asked size', async () => {
    const node = h(
      'div',
      { display: 'flex', width: '100%', height: '100%', background: '#0b1020', color: '#fff', fontSize: 64, fontWeight: 700 },
      'Hello, book',
    );
    const png = await renderPng(node, 600, 315);
    expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([600, 315]);
    // Text was drawn: an image of one flat colour compresses to far less.
    const flat = await renderPng(h('div', { display: 'flex', width: '100%', height: '100%', background: '#0b1020' }), 600, 315);
    expect(png.byteLength).toBeGreaterThan(flat.byteLength + 1000);
  });
});
