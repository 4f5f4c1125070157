import { createAuthMiddleware } from '@bsv/auth-express-middleware';
import { Hash, LockingScript, MasterCertificate, OP, PrivateKey, ProtoWallet, Random, Script, Utils, type WalletInterface } from '@bsv/sdk';
import { HttpError, ModelRegistryOverlay } from '../../examples/model-registry/src/overlay.ts';
import { TOPIC } from '../../examples/model-registry/src/topic-manager.ts';
import { SERVICE } from '../../examples/model-registry/src/lookup-service.ts';
import type { FakeChain } from './fake-chain.ts';
import { expressLite } from './express-lite.ts';
import type { HostHandler, NetResponse } from './fake-net.ts';
import { TestWallet } from './test-wallet.ts';

/**
 * Services an example talks to that are not themselves a printed example, run beside it (in the
 * page's worker and with `npm run example`): the book's companion projects, with their real code.
 * A run names them by host in its run options (`hosts`); one instance lives as long as the chain
 * (until Reset in the page), so a registration made by one Run is there for the next.
 */
export interface Service {
  /** What the Setup disclosure says answers at the host. */
  says: string;
  start: (chain: FakeChain) => Promise<Started> | Started;
}
interface Started {
  handler: HostHandler;
  /** Template values the service gives the runs that use it (`{{name.part}}`). */
  values?: Record<string, string>;
}

const json = (status: number, value: unknown): NetResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

/** examples/model-registry's overlay host over HTTP, as its overlay-server.ts serves it on Node. */
function modelRegistryHost(chain: FakeChain): Started {
  // The fake chain is the chain tracker: every submission is checked by SPV against its headers.
  const overlay = new ModelRegistryOverlay(chain);
  return { handler: modelRegistryHandler(overlay) };
}
function modelRegistryHandler(overlay: ModelRegistryOverlay): HostHandler {
  return async (req) => {
    try {
      const route = `${req.method} ${req.url.pathname}`;
      if (route === 'POST /submit') {
        let topics: unknown;
        try {
          topics = JSON.parse(String(req.headers['x-topics'] ?? ''));
        } catch {
          topics = undefined;
        }
        if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string')) throw new HttpError(400, 'X-Topics must be a JSON array of topic names');
        return json(200, await overlay.submit(Array.from(req.body), topics));
      }
      if (route === 'POST /lookup') {
        let question: { service?: unknown; query?: unknown };
        try {
          question = JSON.parse(new TextDecoder().decode(req.body)) as { service?: unknown; query?: unknown };
        } catch {
          throw new HttpError(400, 'body must be JSON');
        }
        return json(200, overlay.lookup(question.service, question.query));
      }
      if (route === 'GET /listTopicManagers')
        return json(200, { [TOPIC]: { name: 'Model registry', shortDescription: 'Registrations of AI model weights and cards' } });
      if (route === 'GET /listLookupServiceProviders')
        return json(200, { [SERVICE]: { name: 'Model registry lookup', shortDescription: 'Current and past registrations by model ID' } });
      return json(404, { error: 'not found' });
    } catch (error) {
      return json(error instanceof HttpError ? error.status : 500, { error: error instanceof HttpError ? error.message : 'internal error' });
    }
  };
}

/**
 * Chapter 8's care provider: an API behind BRC-103/104 mutual authentication (Express with
 * @bsv/auth-express-middleware, as the chapter's Node test serves it) whose wallet holds a
 * registration certificate (BRC-52) from a certifier, revocable by spending an output on the chain.
 */
async function careProvider(chain: FakeChain): Promise<Started> {
  const provider = new TestWallet(PrivateKey.fromRandom(), chain);
  const certifier = new ProtoWallet(PrivateKey.fromRandom());
  const { publicKey: certifierKey } = await certifier.getPublicKey({ identityKey: true });
  const type = Utils.toBase64(Hash.sha256(Utils.toArray('care provider registration v1', 'utf8')));
  const fields = { organisationName: 'Northside Clinic', registrationNumber: 'RC-1234', address: '1 High St' };
  // Spending that output revokes the certificate.
  const revocation = async (): Promise<string> => `${chain.fundAddress(PrivateKey.fromRandom().toAddress('testnet'), 1).id('hex')}.0`;
  const certificate = await MasterCertificate.issueCertificateForSubject(certifier, provider.identityKey, fields, type, revocation);
  provider.certificates.push({ certificate, keyring: certificate.masterKeyring });
  const express = expressLite(() => undefined);
  const app = express();
  app.use(express.json());
  app.use(createAuthMiddleware({ wallet: provider as unknown as WalletInterface }));
  app.get('/api/hello', (_req, res) => res.json({ hello: 'care provider' }));
  app.post('/api/summaries', (req, res) => res.json({ stored: (req.body as { summaryId?: unknown } | undefined)?.summaryId }));
  return { handler: app, values: { 'careCertifier.publicKey': certifierKey, 'careCertificate.type': type } };
}

/**
 * Chapter 14's cooperative: the organiser's side of a published tally, implemented apart from the
 * chapter's verifier (as another party would): 7 ballot commitments in a tagged-hash Merkle tree
 * (odd nodes promoted), the counts signed by the election authority, the root anchored in a mined
 * OP_RETURN, and the voter's receipt (their commitment and its path) for the 6th ballot.
 */
function coopBallots(chain: FakeChain): Started {
  const electionId = 'coop-agm-2025/motion-3';
  const tag = (name: string): number[] => Hash.sha256(Utils.toArray(name, 'utf8'));
  const [leafTag, nodeTag] = [tag('coop-ballot/leaf'), tag('coop-ballot/node')];
  const ballots = Array.from({ length: 7 }, () => Random(32));
  const mine = 5;
  let level = ballots.map((b) => Hash.sha256([...leafTag, ...leafTag, ...b]));
  let position = mine;
  const path: { sibling: string; side: 'left' | 'right' }[] = [];
  while (level.length > 1) {
    const sibling = position % 2 === 0 ? level[position + 1] : level[position - 1];
    if (sibling !== undefined) path.push({ sibling: Utils.toHex(sibling), side: position % 2 === 0 ? 'right' : 'left' });
    const next: number[][] = [];
    for (let i = 0; i < level.length; i += 2) {
      const [left = [], right] = [level[i], level[i + 1]];
      next.push(right === undefined ? left : Hash.sha256([...nodeTag, ...nodeTag, ...left, ...right]));
    }
    level = next;
    position >>= 1;
  }
  const ballotRoot = Utils.toHex(level[0] ?? []);
  const counts = { abstain: 1, no: 2, yes: 4 };
  const authority = PrivateKey.fromRandom();
  const signature = authority.sign(Utils.toArray(`${electionId}|abstain=1;no=2;yes=4|7|${ballotRoot}`, 'utf8')).toDER('hex') as string;
  const anchorScript = new Script()
    .writeOpCode(OP.OP_FALSE)
    .writeOpCode(OP.OP_RETURN)
    .writeBin(Utils.toArray('ballot.tally.v1', 'utf8'))
    .writeBin(Utils.toArray(electionId, 'utf8'))
    .writeBin(Utils.toArray(ballotRoot, 'hex'));
  const anchor = chain.fund(LockingScript.fromHex(anchorScript.toHex()), 0);
  const tally = { electionId, counts, ballotCount: 7, ballotRoot, authorityKey: authority.toPublicKey().toString(), signature, anchorBeef: anchor.toHexBEEF() };
  return {
    handler: (req) => (req.method === 'GET' && req.url.pathname === `/tallies/${electionId}.json` ? json(200, tally) : json(404, { error: 'no such tally' })),
    values: {
      'coopBallot.receipt': JSON.stringify({ path }),
      'coopBallot.reveal': JSON.stringify({ electionId, commitment: Utils.toHex(ballots[mine] ?? []) }),
      'coopBallot.authorityKey': tally.authorityKey,
    },
  };
}

export const SERVICES = {
  'model-registry-overlay': {
    says: "the model registry's overlay host (examples/model-registry: the tm_modelreg topic manager and the ls_modelreg lookup service, checking each submission by SPV against the simulated chain)",
    start: modelRegistryHost,
  },
  'care-provider': {
    says: "a care provider's API (Express with @bsv/auth-express-middleware: BRC-103/104 mutual authentication), whose wallet holds a registration certificate for Northside Clinic from the care certifier",
    start: careProvider,
  },
  'coop-ballots': {
    says: "the cooperative's ballot service, which publishes the signed tally of motion 3 (7 ballots, yours the 6th) with its root anchored in a mined transaction",
    start: coopBallots,
  },
} satisfies Record<string, Service>;
export type ServiceName = keyof typeof SERVICES;

/**
 * Starts each named service on `serve`'s network once per `started` map (one per chain) and adds
 * the template values it gives to `given`.
 */
export async function startServices(
  hosts: Record<string, ServiceName>,
  chain: FakeChain,
  started: Map<string, ServiceName>,
  serve: (host: string, handler: HostHandler) => void,
  given: Map<string, string>,
): Promise<void> {
  for (const [host, name] of Object.entries(hosts)) {
    if (started.get(host) === name) continue;
    const service = await SERVICES[name].start(chain);
    serve(host, service.handler);
    for (const [key, value] of Object.entries(service.values ?? {})) given.set(key, value);
    started.set(host, name);
  }
}
