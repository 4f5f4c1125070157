import type { APIRoute } from 'astro';
import { coverPng } from '../domain/epub/cover.ts';
import { book } from '../lib/site.ts';

/** The book's cover for the landing page: the EPUB's cover, drawn at build time 480 pixels wide. */
export const GET: APIRoute = async () => {
  const png = await coverPng({ title: `The ${book.title}`, author: book.author, tagline: book.tagline }, 480);
  return new Response(png.slice().buffer, { headers: { 'content-type': 'image/png' } });
};
