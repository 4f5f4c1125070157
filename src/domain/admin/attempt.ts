import { createHash } from 'node:crypto';
import type { CounterStore } from './rate-limit.ts';

/**
 * Limits on admin password attempts (docs/decisions/010-admin-password-limits.md): each client
 * may try `perClient` times per window (attempts are counted before the comparison, so parallel
 * guesses cannot slip past the count); failures from everyone together never refuse anyone, but
 * past `slowDownAfter` in a window every attempt waits (`slowDownStepMs` more per further
 * `slowDownAfter` failures, at most `slowDownMaxMs`) and the log gets an alert.
 */
export interface AdminAttemptLimits {
  perClient: number;
  windowMs: number;
  slowDownAfter: number;
  slowDownStepMs: number;
  slowDownMaxMs: number;
}

const ADMIN_ATTEMPT_LIMITS: AdminAttemptLimits = {
  perClient: 5,
  windowMs: 15 * 60 * 1000,
  slowDownAfter: 50,
  slowDownStepMs: 1000,
  slowDownMaxMs: 5000,
};

/** What the use case needs from the outside world. */
export interface AdminAttemptPorts {
  counters: CounterStore;
  /** Compares the submitted password with the configured one (constant time). */
  matches: (submitted: string) => boolean;
  sleep: (ms: number) => Promise<void>;
  /** Reports distributed guessing to the operator (the function log). */
  alert: (message: string) => void;
  now: () => number;
}

export type AttemptOutcome = { kind: 'accepted' } | { kind: 'refused' } | { kind: 'limited'; retryAfterSeconds: number };

const GLOBAL_KEY = 'admin-auth/global-failures';
const clientKey = (client: string) => `admin-auth/client/${createHash('sha256').update(client).digest('hex').slice(0, 32)}`;

/**
 * One admin password attempt from `client` (the console's sign-in and the `?password=` download):
 * counts it, refuses it unmeasured past the client's limit, slows everyone down under
 * distributed guessing, then compares.
 *
 * @example
 * const outcome = await attemptAdminPassword(clientAddress(req, context), password, adminAttemptPorts(expected));
 * if (outcome.kind === 'limited') return error(429, `Too many failed attempts...`);
 */
export async function attemptAdminPassword(
  client: string,
  password: string,
  ports: AdminAttemptPorts,
  limits: AdminAttemptLimits = ADMIN_ATTEMPT_LIMITS,
): Promise<AttemptOutcome> {
  const { counters, now } = ports;
  const key = clientKey(client);
  const started = now();
  const own = await counters.increment(key, { now: started, windowMs: limits.windowMs, cap: limits.perClient + 1 });
  if (own.count > limits.perClient) {
    return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((own.windowStart + limits.windowMs - started) / 1000)) };
  }
  const failures = await counters.read(GLOBAL_KEY, { now: started, windowMs: limits.windowMs });
  if (failures >= limits.slowDownAfter) {
    await ports.sleep(Math.min(limits.slowDownMaxMs, limits.slowDownStepMs * Math.floor(failures / limits.slowDownAfter)));
  }
  if (password.trim() !== '' && ports.matches(password)) {
    await counters.reset(key, now());
    return { kind: 'accepted' };
  }
  const total = await counters.increment(GLOBAL_KEY, { now: now(), windowMs: limits.windowMs });
  if (total.count % limits.slowDownAfter === 0) {
    ports.alert(
      `admin password: ${total.count} failed attempts from all clients in the last ${limits.windowMs / 60_000} minutes (possible distributed guessing); attempts are slowed down, consider changing ADMIN_PASSWORD`,
    );
  }
  return { kind: 'refused' };
}
