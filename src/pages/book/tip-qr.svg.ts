import type { APIRoute } from 'astro';
import QRCode from 'qrcode';
import { book } from '../../lib/site.ts';

/** The tip box's QR code, drawn at build time from `supportAddress` in content/book.json. */
export const GET: APIRoute = async () => {
  const svg = await QRCode.toString(book.supportAddress, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } });
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
};
