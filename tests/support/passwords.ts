import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

import type { PasswordHashing } from "~/accounts/better-auth/library.server";

/**
 * The library's password hash (scrypt, "salt:key" in hex, the same lengths) at a cost a test can
 * afford: better-auth's own (N = 16384, r = 16) takes about 100 ms of CPU per password, and the
 * database tests sign up and sign in some 340 times. Only the tests' services use it
 * (database.ts); the site always hashes with the library's own, and accounts.db.test.ts checks
 * that services made without it store that hash.
 */
const COST = { N: 1024, r: 8, p: 1 };
const KEY_BYTES = 64;

function key(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, COST, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) throw new Error("Not a password hash");
    const expected = Buffer.from(stored, "hex");
    const derived = await key(password, salt);
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
