import { z } from 'zod';

/** The local sign-in form (used when no OpenID Connect provider is configured). */
const localSignInSchema = z.object({
  /** Shown in the nav as the user's first name. */
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter your first name')
    .max(60, 'First name must be 60 characters or fewer')
    // eslint-disable-next-line no-control-regex -- names with control characters are refused
    .refine((v) => !/[\u0000-\u001f\u007f<>]/.test(v), 'First name cannot contain < > or control characters'),
  /** Identifies the user: the same email always gives the same user id (and saved ideas). */
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .max(254, 'Email address must be 254 characters or fewer')
    .pipe(z.email('Enter an email address like name@example.com')),
});
export type LocalSignIn = z.infer<typeof localSignInSchema>;

/** Field name to its first error message. */
export type LocalSignInErrors = Partial<Record<keyof LocalSignIn, string>>;

/** Validates the submitted form; returns the clean values or the first error of each field. */
export function parseLocalSignIn(input: Record<string, unknown>): { ok: true; value: LocalSignIn } | { ok: false; errors: LocalSignInErrors } {
  const parsed = localSignInSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: { firstName: parsed.data.firstName, email: parsed.data.email.toLowerCase() } };
  const errors: LocalSignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'firstName' || field === 'email') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

async function hashId(prefix: string, text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of digest.subarray(0, 18)) binary += String.fromCharCode(b);
  return `${prefix}-${btoa(binary).replaceAll('+', '-').replaceAll('/', '_')}`;
}

/** A stable, URL-safe user id for a local sign-in: the same email (any case) gives the same id. */
export function localUserId(email: string): Promise<string> {
  return hashId('local', email.trim().toLowerCase());
}

/** A stable, URL-safe user id for an OpenID Connect user: issuer and subject together. */
export function oidcUserId(issuer: string, subject: string): Promise<string> {
  return hashId('oidc', `${issuer}\n${subject}`);
}
