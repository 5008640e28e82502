export declare function webBuildSettings(environment?: NodeJS.ProcessEnv): Record<
  "SITE_URL" | "STORE_API_URL" | "PUBLIC_STORE_API_URL" | "STORE_ID" | "CHAT_PHONE",
  string
>;
export declare const webBuildStamp: string;
