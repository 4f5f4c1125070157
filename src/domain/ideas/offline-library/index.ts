import { z } from 'zod';
import { businessCategorySchema, type BusinessCategory } from '../../options.ts';
import { LIBRARY_A } from './library-a.ts';
import { LIBRARY_B } from './library-b.ts';
import { LIBRARY_C } from './library-c.ts';
import { categoryLibrarySchema, type CategoryLibrary } from './schema.ts';

export type { Buyer, CategoryLibrary, ConceptSeed } from './schema.ts';

type Category = Exclude<BusinessCategory, 'all'>;

/**
 * The offline engine's seed library, one entry per category of docs/spec.md, checked against its
 * schema when first loaded (a malformed entry fails loudly, and the unit tests load it).
 */
export const SEED_LIBRARY: Record<Category, CategoryLibrary> = z
  .record(businessCategorySchema.exclude(['all']), categoryLibrarySchema)
  .parse({ ...LIBRARY_A, ...LIBRARY_B, ...LIBRARY_C });
