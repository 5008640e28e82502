import { Writable } from "node:stream";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/admin/admin-command.ts";
import { signInLimits } from "../src/admin/sign-in-throttle.ts";
import { requestCounters } from "../src/db/schema.ts";
import { addOwner, adminOrigin, ownerEmail, ownerPassword, testPasswordParameters } from "./admin-helpers.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();
const minute = 60_000;

/** A sign-in from a client address, as one trusted proxy (TRUST_PROXY=1) reports it. */
function signInFrom(api: RunningApi, address: string, email: string, password: string): Promise<Response> {
  return fetch(`${api.baseUrl}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: adminOrigin, "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
}

/** The owner's `npm run admin -- unlock --email …`, over the test's database. */
async function unlock(api: RunningApi, email: string): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runAdminCommand(["unlock", "--email", email], {
    db: api.db,
    readPassword: async () => undefined,
    print: (line) => lines.push(line),
    printError: (line) => lines.push(line),
    now: api.clock.now(),
    parameters: testPasswordParameters,
  });
  return { code, output: lines.join("\n") };
}

describe.each(kinds)("the owner's lock-out on %s", (kind) => {
  let api: RunningApi;
  let logged = "";
  let addressSerial = 0;
  /** An address no earlier test has used. */
  const freshAddress = () => {
    addressSerial += 1;
    return `198.51.${Math.floor(addressSerial / 250)}.${(addressSerial % 250) + 1}`;
  };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    api = await startApi(kind, { trustProxy: 1, logger: { level: "warn", stream } });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(async () => {
    // Each test starts with every lock lifted and a quiet log.
    expect((await unlock(api, ownerEmail)).code).toBe(0);
    api.clock.advance(signInLimits.address.windowMs + minute);
    logged = "";
  });

  /** Wrong passwords for the owner's account from `addresses` new addresses, `each` from each. */
  async function guessFromManyAddresses(addresses: number, each: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < addresses; index += 1) {
      const address = freshAddress();
      for (let attempt = 0; attempt < each; attempt += 1) {
        statuses.push((await signInFrom(api, address, ownerEmail, `guess ${index}-${attempt}`)).status);
      }
    }
    return statuses;
  }

  it("lets the right password in from an address that has not failed, after five wrong ones from another", async () => {
    const attacker = freshAddress();
    for (let attempt = 1; attempt <= signInLimits.accountAtAddress.attempts; attempt += 1) {
      expect((await signInFrom(api, attacker, ownerEmail, `wrong guess ${attempt}`)).status).toBe(401);
    }
    // The attacker's address is stopped, even with the right password…
    const blocked = await signInFrom(api, attacker, ownerEmail, ownerPassword);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // …and the owner, elsewhere, is not.
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(200);
    expect((await signInFrom(api, attacker, ownerEmail, ownerPassword)).status).toBe(429);
  });

  it("locks the account everywhere past its ceiling across addresses, longer each time, and tells the owner in the log", async () => {
    const ceiling = signInLimits.account.attempts;
    // Four guesses from each address stay under the per-address limits; together they reach the ceiling.
    expect((await guessFromManyAddresses(ceiling / 4, 4)).every((status) => status === 401)).toBe(true);
    const locked = await signInFrom(api, freshAddress(), ownerEmail, ownerPassword);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBe(signInLimits.account.windowMs / 1000);
    const warnings = logged.split("\n").filter((line) => line.includes("sign-in ceiling reached"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({ level: 40, account: "o***@shop.test", lockedMinutes: 60 });
    expect(logged).not.toContain(ownerEmail);
    expect(logged).not.toContain("guess ");
    expect(logged).not.toContain(ownerPassword);
    // Other accounts are not locked by it.
    expect((await signInFrom(api, freshAddress(), "someone@shop.test", "a guess")).status).toBe(401);

    // The lock ends after an hour; tripping it again within the day locks for two.
    api.clock.advance(signInLimits.account.windowMs - minute);
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(429);
    api.clock.advance(2 * minute);
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(200);
    expect((await guessFromManyAddresses(ceiling / 4, 4)).every((status) => status === 401)).toBe(true);
    const lockedAgain = await signInFrom(api, freshAddress(), ownerEmail, ownerPassword);
    expect(lockedAgain.status).toBe(429);
    expect(Number(lockedAgain.headers.get("retry-after"))).toBe((2 * signInLimits.account.windowMs) / 1000);
    expect(logged).toContain('"lockedMinutes":120');
    api.clock.advance(signInLimits.account.windowMs + minute);
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(429);
  });

  it("does not count one address's refused guesses towards the account's ceiling", async () => {
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < signInLimits.account.attempts + 10; attempt += 1) {
      statuses.push((await signInFrom(api, attacker, ownerEmail, `guess ${attempt}`)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(signInLimits.accountAtAddress.attempts);
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(200);
  });

  it("is lifted by `npm run admin -- unlock --email …`: the ceiling and every address's count", async () => {
    await guessFromManyAddresses(signInLimits.account.attempts / 4, 4);
    const attacker = freshAddress();
    expect((await signInFrom(api, attacker, ownerEmail, "one more guess")).status).toBe(429);
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(429);

    const unlocked = await unlock(api, "Owner@Shop.test");
    expect(unlocked).toEqual({
      code: 0,
      output: "Sign-in locks on Owner@Shop.test lifted; the right password signs in again from anywhere.",
    });
    expect((await signInFrom(api, freshAddress(), ownerEmail, ownerPassword)).status).toBe(200);

    // An address that used up its five tries at the account starts afresh too.
    const typo = freshAddress();
    for (let attempt = 1; attempt <= signInLimits.accountAtAddress.attempts; attempt += 1) {
      expect((await signInFrom(api, typo, ownerEmail, `typo ${attempt}`)).status).toBe(401);
    }
    expect((await signInFrom(api, typo, ownerEmail, ownerPassword)).status).toBe(429);
    expect((await unlock(api, ownerEmail)).code).toBe(0);
    expect((await signInFrom(api, typo, ownerEmail, ownerPassword)).status).toBe(200);

    expect(await unlock(api, "nobody@shop.test")).toEqual({
      code: 1,
      output: "No owner has the email nobody@shop.test.",
    });
  });
});

describe.each(kinds)("the password checks one process runs at once on %s", (kind) => {
  let api: RunningApi;
  let release: () => void = () => undefined;
  let released = Promise.resolve();
  let checks = 0;
  let running = 0;
  let mostAtOnce = 0;
  let twoRunning: () => void = () => undefined;
  const bothRunning = new Promise<void>((resolve) => (twoRunning = resolve));

  beforeAll(async () => {
    released = new Promise<void>((resolve) => (release = resolve));
    api = await startApi(kind, {
      trustProxy: 1,
      admin: {
        passwordChecks: { concurrent: 2, queue: 1 },
        // Holds every password check until the test releases them, so the gate stays full.
        beforePasswordCheck: async () => {
          checks += 1;
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          if (running === 2) twoRunning();
          await released;
          running -= 1;
        },
      },
    });
  });
  afterAll(async () => {
    release();
    await api.close();
  });

  it("answers 503 with Retry-After at once beyond them, counting and hashing nothing, while the catalogue answers", async () => {
    const signIn = (index: number) =>
      signInFrom(api, `203.0.113.${index}`, `flood${index}@shop.test`, "a guessed password").then(async (answer) => ({
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        body: (await answer.json()) as { error: { code: string; message: string } },
      }));
    const held = [signIn(1), signIn(2)];
    await bothRunning;
    const [counted] = await api.db.select({ rows: count() }).from(requestCounters);

    // Two checks run and are held; one more may wait; the other two are refused before anything else.
    const answered: Awaited<ReturnType<typeof signIn>>[] = [];
    let twoAnswered: () => void = () => undefined;
    const refusals = new Promise<void>((resolve) => (twoAnswered = resolve));
    const later = [3, 4, 5].map(async (index) => {
      const answer = await signIn(index);
      answered.push(answer);
      if (answered.length === 2) twoAnswered();
      return answer;
    });
    await refusals;
    expect(answered).toHaveLength(2);
    for (const answer of answered) {
      expect(answer).toEqual({
        status: 503,
        retryAfter: "2",
        body: {
          error: {
            code: "service_unavailable",
            message: "Many sign-ins are being checked. Try again in a few seconds.",
          },
        },
      });
    }
    expect(checks).toBe(2);
    expect(await api.db.select({ rows: count() }).from(requestCounters)).toEqual([counted]);
    // Shoppers are not kept waiting behind the password checks.
    expect((await fetch(`${api.storeUrl}/products`)).status).toBe(200);

    release();
    const statuses = (await Promise.all([...held, ...later])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 503, 503]);
    expect(checks).toBe(3);
    expect(mostAtOnce).toBe(2);
  });
});
