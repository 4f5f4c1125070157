import { LockingScript, OP, P2PKH, PrivateKey, Transaction } from '@bsv/sdk';
import { describe, expect, it } from 'vitest';
import { FakeChain } from '../../src/sandbox/fake-chain.ts';

/** The fake ARC enforces the policy it advertises: the fee rate, and no spendable output below one satoshi. */
describe('FakeChain policy', () => {
  const spend = async (chain: FakeChain, outputs: { lockingScript: LockingScript; satoshis: number }[], fee: number) => {
    const key = PrivateKey.fromRandom();
    const funding = chain.fundAddress(key.toAddress('testnet'), 10_000);
    const tx = new Transaction();
    tx.addInput({ sourceTransaction: funding, sourceOutputIndex: 0, unlockingScriptTemplate: new P2PKH().unlock(key) });
    const paidOut = outputs.reduce((n, o) => n + o.satoshis, 0);
    for (const o of outputs) tx.addOutput(o);
    tx.addOutput({ lockingScript: new P2PKH().lock(key.toAddress('testnet')), satoshis: 10_000 - paidOut - fee });
    await tx.sign();
    return chain.accept(tx);
  };
  const payee = () => new P2PKH().lock(PrivateKey.fromRandom().toAddress('testnet'));

  it('advertises its fee rate and refuses a transaction that pays less, with ARC 465', async () => {
    const chain = new FakeChain();
    expect(chain.policy.miningFee).toEqual({ satoshis: 50, bytes: 1000 });
    expect(await spend(chain, [{ lockingScript: payee(), satoshis: 1000 }], 0)).toMatchObject({ ok: false, code: 465, status: 'FEE_TOO_LOW' });
    expect(await spend(chain, [{ lockingScript: payee(), satoshis: 1000 }], 12)).toMatchObject({ ok: true });
  });

  it('refuses a spendable output of 0 satoshis (dust), and accepts a 0-satoshi data output', async () => {
    const chain = new FakeChain();
    expect(await spend(chain, [{ lockingScript: payee(), satoshis: 0 }], 20)).toMatchObject({ ok: false, code: 463, status: 'DUST_OUTPUT' });
    const data = new LockingScript().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin([1, 2, 3]);
    expect(await spend(chain, [{ lockingScript: data, satoshis: 0 }], 20)).toMatchObject({ ok: true });
  });
});
