import { PrivateKey, ProtoWallet, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Hour {
  hour: string;
  consumedMwh: number;
  certificatesMwh: number;
}
interface Reading {
  meterId: string;
  start: string;
  end: string;
  kwh: number;
}
interface Meter {
  signReading: (w: ProtoWallet, r: Reading) => Promise<{ reading: Reading; signature: string }>;
  certifiableMwh: (meterKey: string, hour: { reading: Reading; signature: string }[]) => Promise<{ mwh: number } | { refused: string }>;
  certifiableHour: (meterKey: string, meterId: string, hourStart: string, readings: { reading: Reading; signature: string }[]) => Promise<{ mwh: number } | { refused: string }>;
}

describe('Chapter 13 examples', () => {
  it("hourly-matching gives the chapter's 67% hourly against 117% annual, and the exercise's 62.5% against 100%", async () => {
    const { matchHourly } = (await import(ctx.example('hourly-matching').file)) as {
      matchHourly: (h: Hour[]) => { consumedMwh: number; matchedMwh: number; hourlyPercent: number; annualPercent: number; unmatchedHours: string[] };
    };
    const hours = (pairs: [number, number][]): Hour[] => pairs.map(([c, k], i) => ({ hour: `h${i}`, consumedMwh: c, certificatesMwh: k }));
    expect(matchHourly(hours([[10, 5], [10, 25], [10, 5]]))).toEqual({ consumedMwh: 30, matchedMwh: 20, hourlyPercent: 66.7, annualPercent: 116.7, unmatchedHours: ['h0', 'h2'] });
    expect(matchHourly(hours([[2, 1], [2, 5], [2, 2], [2, 0]]))).toMatchObject({ matchedMwh: 5, hourlyPercent: 62.5, annualPercent: 100 });
    expect(() => matchHourly([...hours([[1, 1]]), ...hours([[1, 1]])])).toThrow(/twice/);
    expect(() => matchHourly(hours([[-1, 1]]))).toThrow(/zero or more/);
    const r = await ctx.run('hourly-matching');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('annual-style coverage: 116.7%');
    expect(r.stdout).toContain('hourly coverage: 66.7% (20 of 30 MWh)');
  });

  it('signed-meter-readings certifies whole MWh from signed, contiguous readings and refuses edits, gaps, other meters and straddled hours', async () => {
    const m = (await import(ctx.example('signed-meter-readings').file)) as Meter;
    const meter = new ProtoWallet(PrivateKey.fromRandom());
    const { publicKey: meterKey } = await meter.getPublicKey({ identityKey: true });
    const times = ['00', '15', '30', '45', '60'];
    const hour = await Promise.all([0, 1, 2, 3].map((i) => m.signReading(meter, { meterId: 'm-1', start: `t${times[i]}`, end: `t${times[i + 1]}`, kwh: 600 })));
    expect(await m.certifiableMwh(meterKey, hour)).toEqual({ mwh: 2 }); // 2,400 kWh: 2 whole MWh
    const edited = hour.map((r, i) => (i === 1 ? { ...r, reading: { ...r.reading, kwh: 900 } } : r));
    expect(await m.certifiableMwh(meterKey, edited)).toEqual({ refused: 'reading t15 is not signed by the meter' });
    expect(await m.certifiableMwh(meterKey, [hour[0], hour[2]].filter((x) => x !== undefined))).toEqual({ refused: 'gap or overlap before t30' });
    const other = new ProtoWallet(PrivateKey.fromRandom());
    const forged = await m.signReading(other, { meterId: 'm-1', start: 't00', end: 't15', kwh: 5000 });
    expect(await m.certifiableMwh(meterKey, [forged])).toEqual({ refused: 'reading t00 is not signed by the meter' });
    await expect(m.signReading(meter, { meterId: 'm-1', start: 'a', end: 'b', kwh: -1 })).rejects.toThrow(/zero or more/);
    await expect(m.signReading(meter, { meterId: 'm-1', start: 'a', end: 'b', kwh: Infinity })).rejects.toThrow(/finite number/);
    // The issuer checks what it is given, not what signReading allowed: a negative reading signed outside it is refused.
    const negative = { meterId: 'm-1', start: 't60', end: 't75', kwh: -5000 };
    const { signature } = await meter.createSignature({ data: Utils.toArray(JSON.stringify(negative), 'utf8'), protocolID: [2, 'meter readings'], keyID: 'm-1', counterparty: 'anyone' });
    expect(await m.certifiableMwh(meterKey, [...hour, { reading: negative, signature: Utils.toHex(signature) }])).toEqual({ refused: 'reading t60 is not a finite number of kWh, zero or more' });
    // JSON writes Infinity as null: a reading signed with null kWh still verifies once changed to Infinity.
    const blank = { meterId: 'm-1', start: 't60', end: 't75', kwh: null as unknown as number };
    const blankSig = await meter.createSignature({ data: Utils.toArray(JSON.stringify(blank), 'utf8'), protocolID: [2, 'meter readings'], keyID: 'm-1', counterparty: 'anyone' });
    for (const kwh of [null as unknown as number, Infinity]) {
      expect(await m.certifiableMwh(meterKey, [...hour, { reading: { ...blank, kwh }, signature: Utils.toHex(blankSig.signature) }])).toEqual({ refused: 'reading t60 is not a finite number of kWh, zero or more' });
    }
    // A clock hour: readings signed by the certified key but naming another meter are refused.
    const at = (h: string, q: number) => `2026-06-01T${h}:${String(q * 15).padStart(2, '0')}:00Z`;
    const clock = async (meterId: string) =>
      await Promise.all([0, 1, 2, 3].map((q) => m.signReading(meter, { meterId, start: at('12', q), end: q === 3 ? at('13', 0) : at('12', q + 1), kwh: 600 })));
    expect(await m.certifiableHour(meterKey, 'm-1', '2026-06-01T12:00:00Z', await clock('m-1'))).toEqual({ mwh: 2 });
    expect(await m.certifiableHour(meterKey, 'm-1', '2026-06-01T12:00:00Z', await clock('m-2'))).toEqual({ refused: 'reading 2026-06-01T12:00:00Z names meter m-2, not the certified m-1' });
    // Contiguous quarters from 12:15 to 13:15 pass the contiguity check but belong to two clock hours (Exercise 3).
    const edges = [at('12', 1), at('12', 2), at('12', 3), at('13', 0), at('13', 1)];
    const straddle = await Promise.all([0, 1, 2, 3].map((i) => m.signReading(meter, { meterId: 'm-1', start: edges[i] ?? '', end: edges[i + 1] ?? '', kwh: 600 })));
    expect(await m.certifiableMwh(meterKey, straddle)).toEqual({ mwh: 2 });
    expect(await m.certifiableHour(meterKey, 'm-1', '2026-06-01T12:00:00Z', straddle)).toEqual({ refused: 'readings start at 2026-06-01T12:15:00Z, not at 2026-06-01T12:00:00Z' });
    expect(await m.certifiableHour(meterKey, 'm-1', '2026-06-01T13:00:00Z', straddle)).toEqual({ refused: 'readings start at 2026-06-01T12:15:00Z, not at 2026-06-01T13:00:00Z' });
    const r = await ctx.run('signed-meter-readings');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual([
      'as metered: {"mwh":3}',
      'one reading inflated: {"refused":"reading 2026-06-01T12:30Z is not signed by the meter"}',
      'a quarter missing: {"refused":"gap or overlap before 2026-06-01T12:30Z"}',
    ]);
  });
});
