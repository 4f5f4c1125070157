import bookJson from '../../content/book.json' with { type: 'json' };
import { bookConfigSchema, type BookConfig } from '../domain/book/schema.ts';

/**
 * A build-time override of the tip address (`SUPPORT_ADDRESS`), so a deploy can set the owner's
 * address in its environment instead of editing content/book.json (the deploy check builds with a
 * generated one). Read only where `process` exists: never in the browser.
 */
const supportAddress = typeof process === 'undefined' ? undefined : process.env['SUPPORT_ADDRESS'] || undefined;

/** The book configuration (`content/book.json`), validated once; pages and islands read it here. */
export const book: BookConfig = bookConfigSchema.parse(supportAddress ? { ...bookJson, supportAddress } : bookJson);
