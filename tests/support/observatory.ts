/**
 * Scores a response's headers with the rules of Mozilla's HTTP Observatory (the published scoring
 * of its tests: CSP, cookies, CORS, HSTS, Referrer-Policy, X-Content-Type-Options,
 * X-Frame-Options/frame-ancestors, SRI), so a test can require grade A+ for every route. Our own
 * implementation of the published rules, for the headers this site can control.
 */
export interface ObservatoryResult {
  score: number;
  grade: string;
  tests: Record<string, { result: string; modifier: number }>;
}

type Headers = Record<string, string | string[] | undefined>;

function header(h: Headers, name: string): string | undefined {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

function parseCsp(value: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function cspTest(h: Headers): [string, number] {
  const value = header(h, 'content-security-policy');
  if (!value) return ['csp-not-implemented', -25];
  const csp = parseCsp(value);
  const def = csp.get('default-src');
  const script = csp.get('script-src') ?? def;
  const style = csp.get('style-src') ?? def;
  if (!script && !def) return ['csp-implemented-with-unsafe-inline', -20];
  const insecure = (s: string[] | undefined) => (s ?? []).some((x) => x === 'http:' || x.startsWith('http://') || x === '*' || x === 'https:');
  if ((script ?? []).includes("'unsafe-inline'") && !(script ?? []).some((x) => /^'(sha(256|384|512)-|nonce-)/.test(x)))
    return ['csp-implemented-with-unsafe-inline', -20];
  if (insecure(script) || insecure(csp.get('object-src') ?? def)) return ['csp-implemented-with-insecure-scheme', -20];
  if ((script ?? []).includes("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  if ((style ?? []).includes("'unsafe-inline'")) return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  if (def && def.length === 1 && def[0] === "'none'") return ['csp-implemented-with-no-unsafe-default-src-none', 10];
  return ['csp-implemented-with-no-unsafe', 5];
}

function cookiesTest(h: Headers, https: boolean): [string, number] {
  const raw = h['set-cookie'];
  const cookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (cookies.length === 0) return ['cookies-not-found', 0];
  const attrs = cookies.map((c) => c.toLowerCase());
  if (https && attrs.some((c) => !/;\s*secure/.test(c))) return ['cookies-without-secure-flag', -20];
  if (attrs.some((c) => !/;\s*httponly/.test(c))) return ['cookies-session-without-httponly-flag', -30];
  if (attrs.every((c) => /;\s*samesite=(lax|strict)/.test(c))) return ['cookies-secure-with-httponly-sessions-and-samesite', 5];
  return ['cookies-secure-with-httponly-sessions', 0];
}

function corsTest(h: Headers): [string, number] {
  return header(h, 'access-control-allow-origin') === '*'
    ? ['cross-origin-resource-sharing-implemented-with-universal-access', -50]
    : ['cross-origin-resource-sharing-not-implemented', 0];
}

function hstsTest(h: Headers): [string, number] {
  const value = header(h, 'strict-transport-security');
  if (!value) return ['hsts-not-implemented', -20];
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? 'NaN');
  if (Number.isNaN(maxAge)) return ['hsts-header-invalid', -20];
  if (maxAge < 15768000) return ['hsts-implemented-max-age-less-than-six-months', -10];
  // 'hsts-preloaded' (+5) needs the browsers' preload list: never assumed here.
  return ['hsts-implemented-max-age-at-least-six-months', 0];
}

function referrerTest(h: Headers): [string, number] {
  const value = header(h, 'referrer-policy')
    ?.toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .at(-1);
  if (!value) return ['referrer-policy-not-implemented', 0];
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(value)) return ['referrer-policy-private', 5];
  if (value === 'unsafe-url' || value === 'no-referrer-when-downgrade') return ['referrer-policy-unsafe', -5];
  return ['referrer-policy-no-referrer-when-downgrade', 0];
}

function nosniffTest(h: Headers): [string, number] {
  return header(h, 'x-content-type-options')?.toLowerCase() === 'nosniff'
    ? ['x-content-type-options-nosniff', 0]
    : ['x-content-type-options-not-implemented', -5];
}

function framingTest(h: Headers): [string, number] {
  const csp = header(h, 'content-security-policy');
  const ancestors = csp ? parseCsp(csp).get('frame-ancestors') : undefined;
  if (ancestors && ancestors.every((s) => s === "'none'" || s === "'self'")) return ['x-frame-options-implemented-via-csp', 5];
  const xfo = header(h, 'x-frame-options')?.toUpperCase();
  if (xfo === 'DENY' || xfo === 'SAMEORIGIN') return ['x-frame-options-sameorigin-or-deny', 0];
  return ['x-frame-options-not-implemented', -20];
}

/** SRI: scripts loaded from other origins must carry integrity (this site loads none). */
function sriTest(html: string | undefined, origin: string): [string, number] {
  if (html === undefined) return ['sri-not-implemented-response-not-html', 0];
  const external = [...html.matchAll(/<script[^>]*\ssrc=["']([^"']+)["'][^>]*>/gi)].filter(
    (m) => /^(https?:)?\/\//.test(m[1] ?? '') && !(m[1] ?? '').startsWith(origin),
  );
  if (external.length === 0) return ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0];
  const withIntegrity = external.every((m) => /\sintegrity=/.test(m[0]));
  return withIntegrity ? ['sri-implemented-and-external-scripts-loaded-securely', 5] : ['sri-not-implemented-but-external-scripts-loaded-securely', -5];
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/** Scores one response. `https` says whether the site is served over TLS (cookie Secure rule). */
export function scoreResponse(h: Headers, options: { https: boolean; html?: string; origin: string }): ObservatoryResult {
  const tests: ObservatoryResult['tests'] = {};
  const results: [string, string, number][] = [
    ['content-security-policy', ...cspTest(h)],
    ['cookies', ...cookiesTest(h, options.https)],
    ['cross-origin-resource-sharing', ...corsTest(h)],
    ['strict-transport-security', ...hstsTest(h)],
    ['referrer-policy', ...referrerTest(h)],
    ['x-content-type-options', ...nosniffTest(h)],
    ['x-frame-options', ...framingTest(h)],
    ['subresource-integrity', ...sriTest(options.html, options.origin)],
  ];
  let penalties = 0;
  let bonuses = 0;
  for (const [name, result, modifier] of results) {
    tests[name] = { result, modifier };
    if (modifier < 0) penalties += modifier;
    else bonuses += modifier;
  }
  // Bonuses only count once the base score (100 plus penalties) is at least 90.
  const base = 100 + penalties;
  const score = Math.max(0, base >= 90 ? base + bonuses : base);
  const grade = GRADES.find(([min]) => score >= min)?.[1] ?? 'F';
  return { score, grade, tests };
}
