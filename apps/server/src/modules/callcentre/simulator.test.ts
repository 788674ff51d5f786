import { describe, expect, it } from 'vitest';
import { decodeSid, SimulatorProvider } from '../../platform/telephony/simulator';

/** A seeded stand-in for Math.random, so the realistic mode's odds can be checked exactly. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('telephony simulator', () => {
  it('realistic mode: mostly answered, a fair share missed, every sid decodable by any instance', async () => {
    let now = 1_700_000_000_000;
    const sim = new SimulatorProvider({ mode: 'realistic', now: () => now, random: seeded(42) });
    const outcomes = new Map<string, number>();
    const sids: string[] = [];
    for (let i = 0; i < 600; i++) {
      const call = await sim.connect({ from: '9811100000', to: '9876543210', customField: 'x' });
      expect(call.status).toBe('queued');
      const plan = decodeSid(call.sid);
      expect(plan).not.toBeNull();
      outcomes.set(plan?.outcome ?? '', (outcomes.get(plan?.outcome ?? '') ?? 0) + 1);
      sids.push(call.sid);
    }
    expect(outcomes.get('completed')).toBeGreaterThan(300);
    expect(outcomes.get('no-answer')).toBeGreaterThan(100);
    expect(outcomes.get('busy')).toBeGreaterThan(20);
    expect(new Set(sids).size).toBe(600);

    // Another instance (another provider object) follows the same call from its sid and the clock.
    now += 10 * 60_000;
    const other = new SimulatorProvider({ mode: 'realistic', now: () => now });
    for (const sid of sids.slice(0, 50)) {
      const call = await other.fetchCall(sid);
      expect(['completed', 'no-answer', 'busy']).toContain(call?.status);
      expect(call?.endTime).not.toBeNull();
      expect(call?.legs).toHaveLength(2);
      if (call?.status === 'completed') expect(call.recordingUrl).toBe(`sim:${sid}`);
      else expect(call?.recordingUrl).toBeNull();
    }
    expect(await other.fetchCall('not-a-simulated-sid')).toBeNull();
  });
});
