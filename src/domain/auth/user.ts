import { z } from 'zod';

/**
 * The signed-in user: what the session carries and GET /api/auth/user answers. The one user type
 * of the site; browser code imports the type only (`import type`), so zod stays out of its bundle.
 */
export const userSchema = z.object({
  /** Stable, URL-safe user id: a hash of the provider's issuer and `sub`, or of the email for local sign-in. */
  id: z.string().min(1),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
