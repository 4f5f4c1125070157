import { LockingScript, MerklePath, P2PKH, Transaction, UnlockingScript, Utils, type ChainTracker } from '@bsv/sdk';

/** What the fake ARC answers for `GET /v1/tx/{txid}` (the fields the examples read). */
export interface ArcStatus {
  txid: string;
  txStatus: 'SEEN_ON_NETWORK' | 'MINED';
  blockHeight?: number;
  merklePath?: string;
}

/**
 * A private chain for the examples: block headers (height -> Merkle root), a mempool fed by the fake
 * ARC, and blocks mined on demand with real BRC-74 Merkle paths. Every transaction it accepts is
 * checked the way a node would check it (all inputs known, every unlocking script evaluated by the
 * SDK's interpreter, no satoshis created), so an example that builds an invalid transaction fails.
 */
export class FakeChain implements ChainTracker {
  private readonly roots = new Map<number, string>();
  private readonly known = new Map<string, Transaction>();
  private readonly mempool: Transaction[] = [];
  private readonly minedAt = new Map<string, number>();
  /** Every transaction accepted by broadcast, in order. */
  readonly accepted: Transaction[] = [];
  height: number;

  constructor(startHeight = 1_650_000) {
    this.height = startHeight;
  }

  async isValidRootForHeight(root: string, height: number): Promise<boolean> {
    return this.roots.get(height) === root;
  }

  async currentHeight(): Promise<number> {
    return this.height;
  }

  /** The Merkle root of a header this chain holds. */
  rootAt(height: number): string | undefined {
    return this.roots.get(height);
  }

  /** A transaction this chain has seen (mined or in the mempool). */
  get(txid: string): Transaction | undefined {
    return this.known.get(txid);
  }

  /** Mines the mempool (and any extra transactions given) into a new block; each gets its BUMP. */
  mine(extra: Transaction[] = []): number {
    const txs = [...this.mempool.splice(0), ...extra];
    this.height += 1;
    const height = this.height;
    // A coinbase unique to this height, at offset 0 as in a real block.
    const coinbase = new Transaction(
      1,
      [
        {
          sourceTXID: '00'.repeat(32),
          sourceOutputIndex: 0xffffffff,
          unlockingScript: UnlockingScript.fromHex(Utils.toHex([3, height & 0xff, (height >> 8) & 0xff, (height >> 16) & 0xff])),
          sequence: 0xffffffff,
        },
      ],
      [{ lockingScript: LockingScript.fromHex('6a'), satoshis: 0 }],
      0,
    );
    const leaves = [{ offset: 0, hash: coinbase.id('hex') }, ...txs.map((tx, i) => ({ offset: i + 1, hash: tx.id('hex'), txid: true }))];
    const path = new MerklePath(height, [leaves]);
    this.roots.set(height, path.computeRoot(coinbase.id('hex')));
    for (const tx of txs) {
      tx.merklePath = new MerklePath(height, [leaves.map((l) => ({ ...l }))]);
      this.known.set(tx.id('hex'), tx);
      this.minedAt.set(tx.id('hex'), height);
    }
    return height;
  }

  /** A mined transaction paying `satoshis` to `lockingScript` (by default the P2PKH of a public key hash). */
  fund(lockingScript: LockingScript, satoshis: number): Transaction {
    const tx = new Transaction(
      1,
      [
        {
          sourceTXID: Utils.toHex(Array.from({ length: 32 }, (_, i) => (i * 7 + this.height) & 0xff)),
          sourceOutputIndex: this.accepted.length,
          unlockingScript: UnlockingScript.fromHex('00'),
          sequence: 0xffffffff,
        },
      ],
      [{ lockingScript, satoshis }],
      0,
    );
    this.mine([tx]);
    return tx;
  }

  /** Funds a P2PKH address or public key hash. */
  fundAddress(address: string, satoshis: number): Transaction {
    return this.fund(new P2PKH().lock(address), satoshis);
  }

  /** What the fake ARC advertises at /v1/policy (as ARC does) and enforces on every transaction. */
  readonly policy = { miningFee: { satoshis: 50, bytes: 1000 } };

  /**
   * Accepts a transaction as ARC would: links its inputs to known transactions (or to the source
   * transactions it carries), runs every script and refuses double spends.
   */
  async accept(tx: Transaction): Promise<{ ok: true; txid: string } | { ok: false; status: string; detail: string; code?: number }> {
    const txid = tx.id('hex');
    if (this.known.has(txid)) return { ok: true, txid };
    for (const input of tx.inputs) {
      const sourceTXID = input.sourceTXID ?? input.sourceTransaction?.id('hex');
      const known = sourceTXID === undefined ? undefined : this.known.get(sourceTXID);
      // Like a node, accept only inputs whose source transaction the network already has.
      if (known === undefined) return { ok: false, status: 'SEEN_IN_ORPHAN_MEMPOOL', detail: `unknown input ${sourceTXID ?? '?'}` };
      input.sourceTransaction = known;
      const outpoint = `${known.id('hex')}.${input.sourceOutputIndex}`;
      if (this.spent.has(outpoint)) return { ok: false, status: 'DOUBLE_SPEND_ATTEMPTED', detail: `${outpoint} already spent` };
    }
    let valid = false;
    let detail = '';
    try {
      valid = await tx.verify(this);
    } catch (error) {
      detail = (error as Error).message;
    }
    if (!valid) return { ok: false, status: 'REJECTED', detail: detail || 'script verification failed' };
    // ARC's policy, enforced as ARC enforces it: a fee at least the advertised rate on the
    // transaction's size, and no spendable output below one satoshi (data outputs carry none).
    const paid =
      tx.inputs.reduce((sum, input) => sum + (input.sourceTransaction?.outputs[input.sourceOutputIndex]?.satoshis ?? 0), 0) -
      tx.outputs.reduce((sum, output) => sum + (output.satoshis ?? 0), 0);
    const size = tx.toBinary().length;
    const required = Math.ceil((size * this.policy.miningFee.satoshis) / this.policy.miningFee.bytes);
    if (paid < required)
      return {
        ok: false,
        status: 'FEE_TOO_LOW',
        code: 465,
        detail: `fee ${paid} sat is below ${required} sat (${this.policy.miningFee.satoshis} sat per ${this.policy.miningFee.bytes} bytes on ${size} bytes)`,
      };
    const dust = tx.outputs.findIndex((output) => (output.satoshis ?? 0) < 1 && !isDataOutput(output.lockingScript.toHex()));
    if (dust >= 0)
      return {
        ok: false,
        status: 'DUST_OUTPUT',
        code: 463,
        detail: `output ${dust} carries ${tx.outputs[dust]?.satoshis ?? 0} satoshis, below the 1-satoshi dust limit`,
      };
    for (const input of tx.inputs) this.spent.add(`${input.sourceTransaction?.id('hex') ?? ''}.${input.sourceOutputIndex}`);
    this.known.set(txid, tx);
    this.mempool.push(tx);
    this.accepted.push(tx);
    return { ok: true, txid };
  }

  private readonly spent = new Set<string>();

  /**
   * The unspent outputs locked by `lockingScriptHex`, as WhatsOnChain's `address/.../unspent/all`
   * lists an address's (height only when mined).
   */
  unspent(
    lockingScriptHex: string,
  ): { tx_hash: string; tx_pos: number; value: number; height?: number; isSpentInMempoolTx: false; status: 'confirmed' | 'unconfirmed' }[] {
    const out = [];
    for (const [txid, tx] of this.known)
      for (const [vout, output] of tx.outputs.entries()) {
        if (output.lockingScript.toHex() !== lockingScriptHex || this.spent.has(`${txid}.${vout}`)) continue;
        const height = this.minedAt.get(txid);
        out.push({
          tx_hash: txid,
          tx_pos: vout,
          value: output.satoshis ?? 0,
          ...(height === undefined ? {} : { height }),
          isSpentInMempoolTx: false as const,
          status: height === undefined ? ('unconfirmed' as const) : ('confirmed' as const),
        });
      }
    return out;
  }

  /** ARC's status answer for a transaction. */
  status(txid: string): ArcStatus | undefined {
    const tx = this.known.get(txid);
    if (tx === undefined) return undefined;
    const height = this.minedAt.get(txid);
    // As ARC answers: merklePath is an empty string until the transaction is mined (pkg/api/arc.go, no omitempty).
    if (height === undefined || tx.merklePath === undefined) return { txid, txStatus: 'SEEN_ON_NETWORK', merklePath: '' };
    return { txid, txStatus: 'MINED', blockHeight: height, merklePath: tx.merklePath.toHex() };
  }
}

/** A data output (`OP_FALSE OP_RETURN …` or `OP_RETURN …`): it may carry 0 satoshis. */
function isDataOutput(lockingScriptHex: string): boolean {
  return lockingScriptHex.startsWith('006a') || lockingScriptHex.startsWith('6a');
}
