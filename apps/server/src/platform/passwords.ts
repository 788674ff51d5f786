import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's minimum memory/time settings: strong yet quick enough for
// hashing the demo users at first start.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
