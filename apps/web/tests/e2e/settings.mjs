import { tmpdir } from "node:os";
import path from "node:path";

// Ports and settings of the browser-test shop; separate from `npm start`'s so both can run at once.
// E2E_WEB_PORT and E2E_API_PORT move them, so two checkouts of the repo can run their browser tests together.
const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);
const apiPort = Number(process.env.E2E_API_PORT ?? 4100);

export const e2eSettings = {
  webPort,
  apiPort,
  /** Where the test store API writes its emails as .eml files (tests find theirs by a unique address). */
  outboxDir: path.join(tmpdir(), `herbo-e2e-outbox-${apiPort}`),
  webUrl: `http://localhost:${webPort}`,
  apiUrl: `http://localhost:${apiPort}`,
  storeId: "local",
  chatPhone: "9779812345678",
  /** The back office's first owner, created by the test store API at start (ADMIN_EMAIL, ADMIN_PASSWORD). */
  owner: { email: "owner@herbo.test", password: "e2e owner passphrase" },
  /** Baked into the prerendered pages when `npm test` builds the app. */
  buildEnvironment: {
    SITE_URL: `http://localhost:${webPort}`,
    STORE_API_URL: `http://localhost:${apiPort}`,
    PUBLIC_STORE_API_URL: `http://localhost:${apiPort}`,
    STORE_ID: "local",
    CHAT_PHONE: "9779812345678",
  },
};
