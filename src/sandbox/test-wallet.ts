import {
  Beef,
  LockingScript,
  MasterCertificate,
  P2PKH,
  PrivateKey,
  ProtoWallet,
  PublicKey,
  SatoshisPerKilobyte,
  Transaction,
  UnlockingScript,
  Utils,
  type CreateActionArgs,
  type CreateActionResult,
  type InternalizeActionArgs,
  type ListOutputsArgs,
  type ListOutputsResult,
  type SignActionArgs,
  type SignActionResult,
  type WalletCertificate,
} from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';

interface Held {
  tx: Transaction;
  vout: number;
  basket: string;
  tags: string[];
  customInstructions?: string;
}

interface Pending {
  tx: Transaction;
  /** Indexes of the inputs the caller must sign. */
  callerInputs: number[];
  args: CreateActionArgs;
}

/**
 * A BRC-100 wallet for the examples, served to `WalletClient('auto')` over the JSON substrate. The
 * key operations are the SDK's own `ProtoWallet` (BRC-42/43 derivation, signatures, encryption); the
 * transaction side (createAction, signAction, listOutputs) funds from P2PKH coins mined on the fake
 * chain, signs, verifies and broadcasts to the fake ARC, and returns real Atomic BEEF. It keeps
 * outputs by basket and tag, and marks spent ones, as a real wallet does.
 */
export class TestWallet extends ProtoWallet {
  private readonly coins: { tx: Transaction; vout: number }[] = [];
  private readonly held = new Map<string, Held>();
  private readonly pending = new Map<string, Pending>();
  readonly actions: { description: string; txid: string; labels: string[] }[] = [];
  private readonly p2pkh: LockingScript;
  /** Coins and change use their own key, never the identity key (as BRC-100 wallets fund from derived keys). */
  private readonly fundingKey = PrivateKey.fromRandom();

  constructor(
    readonly key: PrivateKey,
    private readonly chain: FakeChain,
  ) {
    super(key);
    this.p2pkh = new P2PKH().lock(this.fundingKey.toPublicKey().toHash());
    this.coins.push({ tx: chain.fund(this.p2pkh, 1_000_000), vout: 0 });
  }

  get identityKey(): string {
    return this.key.toPublicKey().toString();
  }

  async getVersion(): Promise<{ version: string }> {
    return { version: 'examples-wallet-1.0.0' };
  }
  async getNetwork(): Promise<{ network: 'testnet' }> {
    return { network: 'testnet' };
  }
  async getHeight(): Promise<{ height: number }> {
    return { height: await this.chain.currentHeight() };
  }
  async isAuthenticated(): Promise<{ authenticated: true }> {
    return { authenticated: true };
  }
  async waitForAuthentication(): Promise<{ authenticated: true }> {
    return { authenticated: true };
  }

  /** Outputs in a basket that are still unspent. */
  basket(name: string): Held[] {
    return [...this.held.values()].filter((h) => h.basket === name);
  }

  async createAction(args: CreateActionArgs): Promise<CreateActionResult> {
    const tx = new Transaction();
    if (args.version !== undefined) tx.version = args.version;
    if (args.lockTime !== undefined) tx.lockTime = args.lockTime;
    const beef = args.inputBEEF === undefined ? undefined : Beef.fromBinary(args.inputBEEF);
    const callerInputs: number[] = [];
    for (const [i, input] of (args.inputs ?? []).entries()) {
      const [txid = '', voutRaw = ''] = input.outpoint.split('.');
      const source = this.held.get(input.outpoint)?.tx ?? beef?.findAtomicTransaction(txid) ?? this.chain.get(txid);
      if (source === undefined) throw new Error(`createAction: input ${input.outpoint} not found in inputBEEF or wallet`);
      const length = input.unlockingScriptLength ?? (input.unlockingScript === undefined ? undefined : input.unlockingScript.length / 2);
      if (length === undefined) throw new Error('createAction: each input needs unlockingScript or unlockingScriptLength');
      tx.addInput({
        sourceTransaction: source,
        sourceOutputIndex: Number(voutRaw),
        ...(input.unlockingScript === undefined
          ? {
              unlockingScriptTemplate: {
                sign: async () => Promise.reject(new Error('the caller signs this input')),
                estimateLength: async () => Promise.resolve(length),
              },
            }
          : { unlockingScript: UnlockingScript.fromHex(input.unlockingScript) }),
        sequence: input.sequenceNumber ?? 0xffffffff,
      });
      if (input.unlockingScript === undefined) callerInputs.push(i);
    }
    for (const out of args.outputs ?? []) tx.addOutput({ lockingScript: LockingScript.fromHex(out.lockingScript), satoshis: out.satoshis });
    // Fund from our own coins and return change to ourselves.
    const coin = this.coins.shift();
    if (coin === undefined) throw new Error('createAction: the test wallet has no coins left');
    tx.addInput({ sourceTransaction: coin.tx, sourceOutputIndex: coin.vout, unlockingScriptTemplate: new P2PKH().unlock(this.fundingKey) });
    tx.addOutput({ lockingScript: this.p2pkh, change: true });
    // The rate the simulated miners advertise (the fake ARC's /v1/policy), as a real wallet reads it.
    const { satoshis, bytes } = this.chain.policy.miningFee;
    await tx.fee(new SatoshisPerKilobyte((satoshis * 1000) / bytes));
    for (const i of callerInputs) {
      const input = tx.inputs[i];
      if (input === undefined) continue;
      delete input.unlockingScriptTemplate;
      input.unlockingScript = new UnlockingScript();
    }
    await tx.sign();
    if (callerInputs.length > 0) {
      const reference = Utils.toBase64(Array.from(tx.id()));
      this.pending.set(reference, { tx, callerInputs, args });
      return { signableTransaction: { tx: tx.toAtomicBEEF(), reference } };
    }
    return await this.finish(tx, args);
  }

  async signAction(args: SignActionArgs): Promise<SignActionResult> {
    const pending = this.pending.get(args.reference);
    if (pending === undefined) throw new Error('signAction: unknown reference');
    this.pending.delete(args.reference);
    for (const i of pending.callerInputs) {
      const spend = args.spends[i];
      const input = pending.tx.inputs[i];
      if (spend === undefined || input === undefined) throw new Error(`signAction: no unlocking script for input ${i}`);
      input.unlockingScript = UnlockingScript.fromHex(spend.unlockingScript);
    }
    // A fresh Transaction: the old object caches its serialization from before the spends were set.
    const p = pending.tx;
    const signed = new Transaction(
      p.version,
      p.inputs.map((input) => ({ ...input })),
      p.outputs,
      p.lockTime,
    );
    const { txid, tx } = await this.finish(signed, pending.args);
    return { ...(txid === undefined ? {} : { txid }), ...(tx === undefined ? {} : { tx }) };
  }

  async abortAction(args: { reference: string }): Promise<{ aborted: true }> {
    this.pending.delete(args.reference);
    return { aborted: true };
  }

  async listOutputs(args: ListOutputsArgs): Promise<ListOutputsResult> {
    const wanted = args.tags ?? [];
    const matches = [...this.held.entries()].filter(
      ([, h]) =>
        h.basket === args.basket &&
        (wanted.length === 0 || (args.tagQueryMode === 'all' ? wanted.every((t) => h.tags.includes(t)) : wanted.some((t) => h.tags.includes(t)))),
    );
    const beef = new Beef();
    for (const [, h] of matches) beef.mergeTransaction(h.tx);
    return {
      totalOutputs: matches.length,
      ...(args.include === 'entire transactions' ? { BEEF: beef.toBinary() } : {}),
      outputs: matches.map(([outpoint, h]) => ({
        outpoint,
        satoshis: h.tx.outputs[h.vout]?.satoshis ?? 0,
        spendable: true,
        ...(args.include === 'locking scripts' ? { lockingScript: h.tx.outputs[h.vout]?.lockingScript.toHex() ?? '' } : {}),
        ...(args.includeTags === true ? { tags: h.tags } : {}),
        ...(args.includeCustomInstructions === true && h.customInstructions !== undefined ? { customInstructions: h.customInstructions } : {}),
      })),
    };
  }

  /**
   * Takes in outputs of a transaction someone else made: the Atomic BEEF is checked and broadcast
   * like any other (a node would refuse an invalid one); 'basket insertion' outputs are kept in
   * their basket. 'wallet payment' outputs are recorded as received satoshis.
   */
  async internalizeAction(args: InternalizeActionArgs): Promise<{ accepted: true; isMerge: boolean }> {
    const tx = Transaction.fromAtomicBEEF(args.tx);
    // A transaction this wallet already took in is a merge: its payments are not new money.
    const isMerge = this.internalized.has(tx.id('hex'));
    const result = await this.chain.accept(tx);
    if (!result.ok) throw new Error(`internalizeAction: ${result.status} ${result.detail}`);
    const txid = tx.id('hex');
    for (const out of args.outputs) {
      if (tx.outputs[out.outputIndex] === undefined) throw new Error(`internalizeAction: no output ${out.outputIndex}`);
      if (out.protocol === 'basket insertion') {
        const r = out.insertionRemittance;
        if (r === undefined) throw new Error('internalizeAction: insertionRemittance missing');
        this.held.set(`${txid}.${out.outputIndex}`, {
          tx,
          vout: out.outputIndex,
          basket: r.basket,
          tags: r.tags ?? [],
          ...(r.customInstructions === undefined ? {} : { customInstructions: r.customInstructions }),
        });
      } else {
        // BRC-29: the output must pay the key derived from the remittance and the sender's identity.
        const r = out.paymentRemittance;
        if (r === undefined) throw new Error('internalizeAction: paymentRemittance missing');
        const { publicKey } = await this.getPublicKey({
          protocolID: [2, '3241645161d8'],
          keyID: `${r.derivationPrefix} ${r.derivationSuffix}`,
          counterparty: r.senderIdentityKey,
          forSelf: true,
        });
        const expected = new P2PKH().lock(PublicKey.fromString(publicKey).toHash()).toHex();
        if (tx.outputs[out.outputIndex]?.lockingScript.toHex() !== expected) throw new Error('internalizeAction: output does not pay the derived key');
        if (!isMerge) this.received.push({ txid, vout: out.outputIndex, satoshis: tx.outputs[out.outputIndex]?.satoshis ?? 0, sender: r.senderIdentityKey });
      }
    }
    this.internalized.add(txid);
    this.actions.push({ description: args.description, txid, labels: args.labels ?? [] });
    return { accepted: true, isMerge };
  }

  /** BRC-52 certificates this wallet holds (as subject), with their master keyrings. */
  readonly certificates: { certificate: MasterCertificate; keyring: Record<string, string> }[] = [];

  async listCertificates(args: { certifiers: string[]; types: string[] }): Promise<{ totalCertificates: number; certificates: WalletCertificate[] }> {
    const found = this.certificates.filter(({ certificate: c }) => args.certifiers.includes(c.certifier) && args.types.includes(c.type));
    return {
      totalCertificates: found.length,
      certificates: found.map(({ certificate: c }) => ({
        type: c.type,
        serialNumber: c.serialNumber,
        subject: c.subject,
        certifier: c.certifier,
        revocationOutpoint: c.revocationOutpoint,
        fields: c.fields,
        signature: c.signature ?? '',
      })),
    };
  }

  async proveCertificate(args: {
    certificate: { serialNumber: string };
    fieldsToReveal: string[];
    verifier: string;
  }): Promise<{ keyringForVerifier: Record<string, string> }> {
    const held = this.certificates.find(({ certificate }) => certificate.serialNumber === args.certificate.serialNumber);
    if (held === undefined) throw new Error('proveCertificate: no such certificate');
    const c = held.certificate;
    const keyringForVerifier = await MasterCertificate.createKeyringForVerifier(
      this,
      c.certifier,
      args.verifier,
      c.fields,
      args.fieldsToReveal,
      held.keyring,
      c.serialNumber,
    );
    return { keyringForVerifier };
  }

  private readonly internalized = new Set<string>();

  /** Payments taken in through internalizeAction ('wallet payment'). */
  readonly received: { txid: string; vout: number; satoshis: number; sender: string }[] = [];

  /** Verifies, broadcasts to the fake chain, and books outputs and change. */
  private async finish(tx: Transaction, args: CreateActionArgs): Promise<CreateActionResult> {
    const result = await this.chain.accept(tx);
    if (!result.ok) throw new Error(`broadcast failed: ${result.status} ${result.detail}`);
    const txid = tx.id('hex');
    for (const input of tx.inputs) this.held.delete(`${input.sourceTransaction?.id('hex') ?? input.sourceTXID ?? ''}.${input.sourceOutputIndex}`);
    (args.outputs ?? []).forEach((out, vout) => {
      if (out.basket !== undefined)
        this.held.set(`${txid}.${vout}`, {
          tx,
          vout,
          basket: out.basket,
          tags: out.tags ?? [],
          ...(out.customInstructions === undefined ? {} : { customInstructions: out.customInstructions }),
        });
    });
    // Change comes back as a coin; later actions spend it (its unmined ancestry travels in the BEEF).
    const changeIndex = tx.outputs.findIndex((o) => o.change === true);
    if (changeIndex >= 0) this.coins.push({ tx, vout: changeIndex });
    this.actions.push({ description: args.description, txid, labels: args.labels ?? [] });
    return { txid, tx: tx.toAtomicBEEF() };
  }
}
