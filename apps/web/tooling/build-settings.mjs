// The public settings baked into prerendered pages, and where a build records the ones it was made with.
import path from "node:path";
import { fileURLToPath } from "node:url";

const webFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The public settings baked into prerendered pages; a change means the web app must be rebuilt. */
export function webBuildSettings(environment = process.env) {
  const pick = (key, fallback) =>
    environment[key] === undefined || environment[key] === "" ? fallback : environment[key];
  const storeApiUrl = pick("STORE_API_URL", "http://localhost:4000");
  return {
    SITE_URL: pick("SITE_URL", "http://localhost:3000"),
    STORE_API_URL: storeApiUrl,
    PUBLIC_STORE_API_URL: pick("PUBLIC_STORE_API_URL", storeApiUrl),
    STORE_ID: pick("STORE_ID", "local"),
    CHAT_PHONE: pick("CHAT_PHONE", "9779800000000"),
  };
}

export const webBuildStamp = path.join(webFolder, "build", "build-settings.json");
