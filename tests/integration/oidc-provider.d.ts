/**
 * The small part of oidc-provider's API the login integration test uses (the package ships no
 * types; declaring these few members here avoids a devDependency on @types/oidc-provider).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  interface Interaction {
    uid: string;
    prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
    params: Record<string, string>;
    session?: { accountId: string };
    grantId?: string;
  }
  interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: {
      new (init: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
  }
  export type { Account };
}
