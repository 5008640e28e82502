// The public settings baked into prerendered pages, and where a build records the ones it was made with.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { placeholderChatPhone, shopAddresses } from "@herbo/hosted-api/shop-defaults";

const webFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The public settings baked into prerendered pages; a change means the web app must be rebuilt. Addresses
 * not set follow the ports (PORT, STORE_API_PORT), so a build made for other ports is rebuilt too.
 */
export function webBuildSettings(environment = process.env) {
  const pick = (key, fallback) =>
    environment[key] === undefined || environment[key] === "" ? fallback : environment[key];
  return {
    ...shopAddresses(environment),
    STORE_ID: pick("STORE_ID", "local"),
    CHAT_PHONE: pick("CHAT_PHONE", placeholderChatPhone),
  };
}

export const webBuildStamp = path.join(webFolder, "build", "build-settings.json");
