import { clientBucket } from '../../../src/domain/security/client-address.ts';

/**
 * The client a per-client limit applies to: the address Netlify reports (`context.ip`, else its
 * `x-nf-client-connection-ip` header; the local server sets `context.ip` from the socket), as a
 * bucket (an IPv6 /64). Never `x-forwarded-for`, which any client can write. The one place
 * functions derive a client identity.
 */
export function clientAddress(req: Request, context: { ip?: string } | undefined): string {
  return clientBucket(context?.ip || req.headers.get('x-nf-client-connection-ip'));
}
