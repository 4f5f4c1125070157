import bookJson from '../../content/book.json' with { type: 'json' };
import { bookConfigSchema, type BookConfig } from '../domain/book/schema.ts';

/** The book configuration (`content/book.json`), validated once; pages and islands read it here. */
export const book: BookConfig = bookConfigSchema.parse(bookJson);
