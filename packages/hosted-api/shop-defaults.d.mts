export declare const defaultPorts: Readonly<{ web: number; storeApi: number }>;
export declare const placeholderChatPhone: string;
export declare const chatPhoneSetting: Readonly<{ pattern: RegExp; message: string }>;
export declare function localUrl(port: number | string): string;
export declare function shopAddresses(
  environment: Readonly<Record<string, string | undefined>>,
): Record<"SITE_URL" | "STORE_API_URL" | "PUBLIC_STORE_API_URL", string>;
export declare function isPlaceholderChatPhone(phone: string): boolean;
export declare function placeholderChatPhoneWarning(chatPhone: string | undefined): string | undefined;
