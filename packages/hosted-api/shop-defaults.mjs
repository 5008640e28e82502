// Defaults the shop's two servers and the scripts that build and start them share: the ports, the addresses
// that follow from them, and the placeholder contact number. Plain JavaScript (its types are in
// shop-defaults.d.mts) because `npm start` reads it before anything is built.

/** The ports the storefront (PORT) and the store API (STORE_API_PORT) listen on when not told otherwise. */
export const defaultPorts = Object.freeze({ web: 3000, storeApi: 4000 });

/**
 * The chat and contact number the shop ships with (CHAT_PHONE's default): a placeholder, not a real shop's
 * number. Each server warns at start while it is still in use, so it never goes live unnoticed.
 */
export const placeholderChatPhone = "9779800000000";

/** What CHAT_PHONE may hold: the number's digits, maybe with "+", spaces or dashes. */
export const chatPhoneSetting = Object.freeze({
  pattern: /^\+?[\d\s-]{6,20}$/,
  message: "CHAT_PHONE must be the contact number's digits",
});

/** The address a server listening on `port` has on this machine. */
export function localUrl(port) {
  return `http://localhost:${port}`;
}

/** A setting's text, or undefined when it is unset or blank (as every server reads an empty setting). */
function settingOf(environment, name) {
  const value = environment[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * The shop's addresses as its servers will use them: SITE_URL, STORE_API_URL and PUBLIC_STORE_API_URL as set,
 * and those not set from the ports (SITE_URL from PORT, STORE_API_URL from STORE_API_PORT, the public one the
 * same as STORE_API_URL), so that moving a port moves its address. `npm start` hands these to the build and to
 * both servers, which derive the same defaults when started on their own.
 */
export function shopAddresses(environment) {
  const storeApiUrl =
    settingOf(environment, "STORE_API_URL") ??
    localUrl(settingOf(environment, "STORE_API_PORT") ?? defaultPorts.storeApi);
  return {
    SITE_URL: settingOf(environment, "SITE_URL") ?? localUrl(settingOf(environment, "PORT") ?? defaultPorts.web),
    STORE_API_URL: storeApiUrl,
    PUBLIC_STORE_API_URL: settingOf(environment, "PUBLIC_STORE_API_URL") ?? storeApiUrl,
  };
}

/** Whether a contact number (digits, maybe with "+", spaces or dashes) is the placeholder the shop ships with. */
export function isPlaceholderChatPhone(phone) {
  return phone.replace(/\D/g, "") === placeholderChatPhone;
}

/**
 * The warning each server prints at start while the contact number (CHAT_PHONE; unset or blank means the
 * default) is the placeholder; undefined once it is the shop's own. Shoppers would otherwise be sent to a
 * number nobody answers.
 */
export function placeholderChatPhoneWarning(chatPhone) {
  const phone = chatPhone === undefined || chatPhone.trim() === "" ? placeholderChatPhone : chatPhone;
  if (!isPlaceholderChatPhone(phone)) return undefined;
  return (
    "CHAT_PHONE is the placeholder +977 9800000000: the chat button, the footer and the contact page send " +
    "shoppers to a number nobody answers. Set CHAT_PHONE to the shop's own number (digits, country code first)."
  );
}
