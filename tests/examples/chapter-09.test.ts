import { Hash, PrivateKey, ProtoWallet, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Version {
  resourceType: string;
  id: string;
  versionId: string;
  body: unknown;
}
interface Batch {
  commit: (v: Version, salt?: number[]) => { version: Version; salt: string; commitment: string };
  buildBatch: (c: string[]) => { root: string; proofs: { sibling: string; side: 'left' | 'right' }[][] };
  verifyVersion: (v: Version, salt: string, proof: { sibling: string; side: 'left' | 'right' }[], root: string) => boolean;
}
interface Terms {
  grantId: string;
  patientKey: string;
  granteeKey: string;
  purpose: 'treatment' | 'research' | 'registry';
  dataClasses: string[];
  notBefore: string;
  notAfter: string;
}
interface Consent {
  grantConsent: (w: ProtoWallet, t: Omit<Terms, 'patientKey'>) => Promise<{ terms: Terms; signature: string }>;
  checkAccess: (c: { terms: Terms; signature: string }, r: { requesterKey: string; patientKey: string; purpose: string; dataClass: string; at: string }) => Promise<{ allowed: boolean; reason: string }>;
}

describe('Chapter 9 examples', () => {
  it('record-version-batch: every version verifies against the root with its salt and path; an altered version, another salt or a guessed record does not', async () => {
    const m = (await import(ctx.example('record-version-batch').file)) as Batch;
    const versions = Array.from({ length: 7 }, (_, i) => ({ resourceType: 'Observation', id: `obs-${i}`, versionId: '1', body: { value: i, unit: 'mmol/L' } }));
    const committed = versions.map((v) => m.commit(v));
    const { root, proofs } = m.buildBatch(committed.map((c) => c.commitment));
    committed.forEach((c, i) => expect(m.verifyVersion(c.version, c.salt, proofs[i] ?? [], root), `version ${i}`).toBe(true));
    // Seven leaves: the odd one is promoted, and a batch with it repeated has another root.
    expect(m.buildBatch([...committed.map((c) => c.commitment), committed[6]?.commitment ?? '']).root).not.toBe(root);
    const first = committed[0];
    if (!first) throw new Error('no version');
    expect(m.verifyVersion({ ...first.version, body: { value: 99, unit: 'mmol/L' } }, first.salt, proofs[0] ?? [], root)).toBe(false);
    expect(m.verifyVersion(first.version, '00'.repeat(32), proofs[0] ?? [], root)).toBe(false);
    expect(m.verifyVersion(first.version, first.salt, proofs[1] ?? [], root)).toBe(false);
    // Key order does not change the commitment (canonical form); the bare record's hash is not it.
    expect(m.commit({ ...first.version, body: { unit: 'mmol/L', value: 0 } }, Utils.toArray(first.salt, 'hex')).commitment).toBe(first.commitment);
    expect(Utils.toHex(Hash.sha256(Utils.toArray(JSON.stringify(first.version), 'utf8')))).not.toBe(first.commitment);
    expect(() => m.commit(first.version, [1, 2, 3])).toThrow(/32 bytes/);
    expect(() => m.buildBatch([])).toThrow(/empty/);

    const r = await ctx.run('record-version-batch');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/batch root to anchor: [0-9a-f]{64}\nversion 2 verifies: true\naltered version verifies: false/);
  });

  it('consent-grant allows exactly the signed terms and refuses other purposes, data, organisations, dates and widened terms', async () => {
    const m = (await import(ctx.example('consent-grant').file)) as Consent;
    const patient = new ProtoWallet(PrivateKey.fromRandom());
    const grantee = PrivateKey.fromRandom().toPublicKey().toString();
    const consent = await m.grantConsent(patient, { grantId: 'g-1', granteeKey: grantee, purpose: 'research', dataClasses: ['imaging'], notBefore: '2026-01-01', notAfter: '2026-12-31' });
    const patientKey = (await patient.getPublicKey({ identityKey: true })).publicKey;
    const ask = (over: Partial<{ requesterKey: string; patientKey: string; purpose: string; dataClass: string; at: string }> = {}) => ({ requesterKey: grantee, patientKey, purpose: 'research', dataClass: 'imaging', at: '2026-05-05', ...over });
    expect(await m.checkAccess(consent, ask())).toEqual({ allowed: true, reason: 'within the signed terms' });
    expect((await m.checkAccess(consent, ask({ purpose: 'treatment' }))).allowed).toBe(false);
    expect((await m.checkAccess(consent, ask({ dataClass: 'genomics' }))).allowed).toBe(false);
    expect((await m.checkAccess(consent, ask({ at: '2027-01-01' }))).reason).toBe('outside the consent period');
    // The last day of the period counts until its end.
    expect((await m.checkAccess(consent, ask({ at: '2026-12-31T18:00:00Z' }))).allowed).toBe(true);
    // Signed terms whose start does not parse refuse every request.
    const undated = await m.grantConsent(patient, { grantId: 'g-2', granteeKey: grantee, purpose: 'research', dataClasses: ['imaging'], notBefore: 'soon', notAfter: '2026-12-31' });
    expect((await m.checkAccess(undated, ask())).reason).toBe('outside the consent period');
    expect((await m.checkAccess(consent, ask({ at: 'not a date' }))).allowed).toBe(false);
    expect((await m.checkAccess(consent, ask({ requesterKey: PrivateKey.fromRandom().toPublicKey().toString() }))).reason).toBe('requester is not the grantee');
    const widened = { ...consent, terms: { ...consent.terms, dataClasses: ['imaging', 'genomics'] } };
    expect(await m.checkAccess(widened, ask({ dataClass: 'genomics' }))).toEqual({ allowed: false, reason: 'signature does not match the terms' });
    // Signed by someone else in the patient's name.
    const forged = await m.grantConsent(new ProtoWallet(PrivateKey.fromRandom()), { grantId: 'g-1', granteeKey: grantee, purpose: 'research', dataClasses: ['imaging'], notBefore: '2026-01-01', notAfter: '2026-12-31' });
    expect((await m.checkAccess({ ...forged, terms: { ...forged.terms, patientKey: consent.terms.patientKey } }, ask())).allowed).toBe(false);
    // Signed by someone else in their own name: valid as a signature, but not this patient's consent.
    expect(await m.checkAccess(forged, ask())).toEqual({ allowed: false, reason: 'consent is not from this patient' });

    const r = await ctx.run('consent-grant');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual([
      'imaging for research in 2026: allowed (within the signed terms)',
      'pathology for research: refused (data class pathology not granted)',
      'imaging for marketing: refused (purpose marketing not granted)',
      'imaging in 2028: refused (outside the consent period)',
      'another organisation: refused (requester is not the grantee)',
      'terms widened after signing: refused (signature does not match the terms)',
      'a grant signed by another key: refused (consent is not from this patient)',
    ]);
  });
});
