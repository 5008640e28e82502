export declare const e2eSettings: {
  webPort: number;
  apiPort: number;
  outboxDir: string;
  webUrl: string;
  apiUrl: string;
  storeId: string;
  chatPhone: string;
  owner: { email: string; password: string };
  buildEnvironment: Record<"SITE_URL" | "STORE_API_URL" | "PUBLIC_STORE_API_URL" | "STORE_ID" | "CHAT_PHONE", string>;
};
