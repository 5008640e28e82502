import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, sellerWarning, sharedMediaWarning } from "./config.ts";

describe("store API settings", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      publicUrl: "http://localhost:4000",
      storeId: "local",
      databaseUrl: undefined,
      reservationMs: 30 * 60_000,
    });
    expect(config.allowedOrigins).toContain("http://localhost:3000");
  });

  it("derives its address, the shop's and the allowed origins from the ports alone when they are not set", () => {
    const config = loadConfig({ PORT: "3303", STORE_API_PORT: "4303" });
    expect(config).toMatchObject({ port: 4303, publicUrl: "http://localhost:4303", siteUrl: "http://localhost:3303" });
    expect(config.allowedOrigins).toEqual(["http://localhost:3303", "http://127.0.0.1:3303"]);
    expect(config.messageIdDomain).toBe("localhost");
    // Set addresses win over the ports; a bad port is refused by its own name.
    const set = loadConfig({
      PORT: "3303",
      STORE_API_PORT: "4303",
      SITE_URL: "https://shop.example",
      STORE_API_URL: "https://api.shop.example/",
    });
    expect(set).toMatchObject({ publicUrl: "https://api.shop.example", siteUrl: "https://shop.example" });
    expect(set.allowedOrigins).toEqual(["https://shop.example", "http://localhost:3303", "http://127.0.0.1:3303"]);
    expect(() => loadConfig({ PORT: "shop" })).toThrow(/PORT: /);
  });

  it("knows the storefront's contact number, the placeholder until CHAT_PHONE is set", () => {
    expect(loadConfig({}).chatPhone).toBe("9779800000000");
    expect(loadConfig({ CHAT_PHONE: "+977 981-2345678" }).chatPhone).toBe("9779812345678");
    expect(() => loadConfig({ CHAT_PHONE: "call us" })).toThrow(/CHAT_PHONE must be the contact number's digits/);
  });

  it("backs up daily to a backups folder beside DATA_DIR, keeping 7, unless told otherwise", () => {
    expect(loadConfig({}).backup).toEqual({ dir: path.resolve("backups"), everyMs: 24 * 3_600_000, keep: 7 });
    expect(loadConfig({ DATA_DIR: "/srv/shop/data" }).backup.dir).toBe("/srv/shop/backups");
    expect(loadConfig({ BACKUP_DIR: "/mnt/backups", BACKUP_EVERY_HOURS: "0", BACKUP_KEEP: "30" }).backup).toEqual({
      dir: "/mnt/backups",
      everyMs: 0,
      keep: 30,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: "1.5" }).backup.everyMs).toBe(5_400_000);
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: keep at least 1 backup/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: "-1" })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: "1000" })).toThrow(/at most 576/);
  });

  it("reads ALLOWED_ORIGINS as a list of origins and treats empty values as unset", () => {
    const config = loadConfig({ ALLOWED_ORIGINS: "https://shop.example/, https://www.shop.example", DATABASE_URL: "" });
    expect(config.allowedOrigins).toEqual(["https://shop.example", "https://www.shop.example"]);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads the header and request timeouts, 10 s and 30 s by default", () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: "500", REQUEST_TIMEOUT_MS: "1000" })).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "5000", REQUEST_TIMEOUT_MS: "1000" })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "0" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("has no metrics token unless METRICS_TOKEN is set, and refuses a short one without echoing it", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = "a".repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: "short-secret" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: "short-secret" })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} with spaces` })).toThrow(/METRICS_TOKEN/);
  });

  it("warns at start when PostgreSQL's copies would keep photos each in their own folder", () => {
    expect(sharedMediaWarning(loadConfig({}))).toBeUndefined();
    const postgres = { DATABASE_URL: "postgres://shop@db.internal:5432/shop", DATA_DIR: "/srv/shop" };
    expect(sharedMediaWarning(loadConfig(postgres))).toMatch(
      /^DATABASE_URL is set but photos and certificates go to \/srv\/shop\/media, this machine's own folder/,
    );
    expect(sharedMediaWarning(loadConfig({ ...postgres, MEDIA_DIR: "/mnt/shared/media" }))).toBeUndefined();
    const bucket = {
      MEDIA_BUCKET_URL: "https://s3.example/herbo-media",
      MEDIA_BUCKET_REGION: "auto",
      MEDIA_BUCKET_ACCESS_KEY_ID: "key",
      MEDIA_BUCKET_SECRET_ACCESS_KEY: "secret-of-the-key",
    };
    expect(sharedMediaWarning(loadConfig({ ...postgres, ...bucket }))).toBeUndefined();
  });

  it("refuses bad settings with a readable message", () => {
    expect(() => loadConfig({ STORE_API_PORT: "http" })).toThrow(/STORE_API_PORT/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "not a url" })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ STORE_ID: "../etc" })).toThrow(/STORE_ID/);
  });

  it("names the seller on invoices from SELLER_NAME and SELLER_ADDRESS, warning at start while the address is missing", () => {
    const unset = loadConfig({ SHOP_NAME: "Herbo Test" });
    expect(unset.seller).toEqual({ name: "Herbo Test", address: [] });
    expect(sellerWarning(unset.seller)).toMatch(/SELLER_ADDRESS is not set/);
    const set = loadConfig({
      SELLER_NAME: " Herbo Shilajit Pvt. Ltd. ",
      SELLER_ADDRESS: "Thamel Marg 12 | Kathmandu 44600 ||Nepal",
    });
    expect(set.seller).toEqual({
      name: "Herbo Shilajit Pvt. Ltd.",
      address: ["Thamel Marg 12", "Kathmandu 44600", "Nepal"],
    });
    expect(sellerWarning(set.seller)).toBeUndefined();
    expect(() => loadConfig({ SELLER_NAME: "x".repeat(121) })).toThrow(/SELLER_NAME: expected the shop's legal name/);
    expect(() => loadConfig({ SELLER_NAME: "Herbo\nLtd" })).toThrow(/SELLER_NAME/);
    expect(() => loadConfig({ SELLER_ADDRESS: "a|b|c|d|e|f|g" })).toThrow(/SELLER_ADDRESS: expected at most 6 lines/);
    expect(() => loadConfig({ SELLER_ADDRESS: " | " })).toThrow(/SELLER_ADDRESS/);
    expect(() => loadConfig({ SELLER_ADDRESS: "Street\tNo. 1" })).toThrow(/SELLER_ADDRESS\.0: expected address lines/);
  });

  it("sends emails to .eml files in DATA_DIR/outbox from the shop's name by default", () => {
    const config = loadConfig({ DATA_DIR: "/srv/herbo", SHOP_NAME: "Herbo Test" });
    expect(config.outboxDir).toBe(path.resolve("/srv/herbo/outbox"));
    expect(config.smtpUrl).toBeUndefined();
    expect(config.shopEmail).toBeUndefined();
    expect(config.mailFrom).toEqual({ name: "Herbo Test", address: "orders@localhost" });
    expect(config.messageIdDomain).toBe("localhost");
    expect(loadConfig({ STORE_API_URL: "https://api.shop.example" }).messageIdDomain).toBe("api.shop.example");
  });

  it("keeps uploaded photos in DATA_DIR/media unless MEDIA_DIR says where", () => {
    expect(loadConfig({ DATA_DIR: "/srv/herbo" }).mediaDir).toBe(path.resolve("/srv/herbo/media"));
    expect(loadConfig({ DATA_DIR: "/srv/herbo", MEDIA_DIR: "/mnt/photos" }).mediaDir).toBe(path.resolve("/mnt/photos"));
    expect(loadConfig({ MEDIA_DIR: "" }).mediaDir).toBe(path.resolve("data/media"));
  });

  it("keeps photos in an S3-compatible bucket when MEDIA_BUCKET_* are set, path-style", () => {
    const keys = {
      MEDIA_BUCKET_REGION: "eu-central-1",
      MEDIA_BUCKET_ACCESS_KEY_ID: "AKIAEXAMPLE0001",
      MEDIA_BUCKET_SECRET_ACCESS_KEY: "secret-0123456789",
    };
    expect(loadConfig({}).mediaBucket).toBeUndefined();
    expect(
      loadConfig({ MEDIA_BUCKET_URL: "https://s3.eu-central-1.amazonaws.com/herbo-media/", ...keys }).mediaBucket,
    ).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "herbo-media",
      region: "eu-central-1",
      accessKeyId: "AKIAEXAMPLE0001",
      secretAccessKey: "secret-0123456789",
    });
    const r2 = loadConfig({
      MEDIA_BUCKET_URL: "https://abc123.r2.cloudflarestorage.com",
      MEDIA_BUCKET: "photos",
      ...keys,
    });
    expect(r2.mediaBucket).toMatchObject({ endpoint: "https://abc123.r2.cloudflarestorage.com", bucket: "photos" });
    const proxied = loadConfig({ MEDIA_BUCKET_URL: "http://127.0.0.1:9000/minio/", MEDIA_BUCKET: "photos", ...keys });
    expect(proxied.mediaBucket).toMatchObject({ endpoint: "http://127.0.0.1:9000/minio", bucket: "photos" });
  });

  it("names each missing or conflicting bucket setting at start-up", () => {
    expect(() => loadConfig({ MEDIA_BUCKET_URL: "https://s3.example.com/herbo-media" })).toThrow(
      "MEDIA_BUCKET_URL: a photo bucket also needs MEDIA_BUCKET_REGION and MEDIA_BUCKET_ACCESS_KEY_ID and MEDIA_BUCKET_SECRET_ACCESS_KEY",
    );
    expect(() => loadConfig({ MEDIA_BUCKET_SECRET_ACCESS_KEY: "secret-0123456789" })).toThrow(
      "needs MEDIA_BUCKET_URL and MEDIA_BUCKET_REGION and MEDIA_BUCKET_ACCESS_KEY_ID",
    );
    const keys = {
      MEDIA_BUCKET_REGION: "auto",
      MEDIA_BUCKET_ACCESS_KEY_ID: "AKIAEXAMPLE0001",
      MEDIA_BUCKET_SECRET_ACCESS_KEY: "secret-0123456789",
    };
    expect(() => loadConfig({ MEDIA_BUCKET_URL: "https://s3.example.com", ...keys })).toThrow(
      "MEDIA_BUCKET: name the bucket here or as the last part of MEDIA_BUCKET_URL's path",
    );
    expect(() =>
      loadConfig({ MEDIA_BUCKET_URL: "https://s3.example.com/b", MEDIA_DIR: "/srv/photos", ...keys }),
    ).toThrow("MEDIA_DIR: photos go either to a folder or to a bucket");
    expect(() => loadConfig({ MEDIA_BUCKET_URL: "https://key:secret@s3.example.com/photos", ...keys })).toThrow(
      "without query, fragment or credentials",
    );
    expect(() => loadConfig({ MEDIA_BUCKET_URL: "ftp://s3.example.com/photos", ...keys })).toThrow(
      "MEDIA_BUCKET_URL: expected the bucket's http(s) endpoint URL",
    );
  });

  it("reads SHOP_EMAIL, MAIL_FROM, SMTP_URL and OUTBOX_DIR", () => {
    const config = loadConfig({
      SHOP_EMAIL: "owner@shop.example",
      MAIL_FROM: '"Herbo Shilajit, Kathmandu" <orders@shop.example>',
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      OUTBOX_DIR: "/var/mail/herbo",
      STORE_API_URL: "https://api.elsewhere.example",
    });
    expect(config.shopEmail).toBe("owner@shop.example");
    expect(config.mailFrom).toEqual({ name: "Herbo Shilajit, Kathmandu", address: "orders@shop.example" });
    expect(config.messageIdDomain).toBe("shop.example");
    expect(config.smtpUrl).toBe("smtps://user:secret@mail.example.com:465");
    expect(config.outboxDir).toBe(path.resolve("/var/mail/herbo"));
    expect(loadConfig({ MAIL_FROM: "orders@shop.example" }).mailFrom).toEqual({
      name: "",
      address: "orders@shop.example",
    });
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).smtpUrl).toBe("smtp://127.0.0.1:2525");
  });

  it("writes Message-ID domains in ASCII", () => {
    expect(loadConfig({ MAIL_FROM: "orders@bücher.example" }).messageIdDomain).toBe("xn--bcher-kva.example");
  });

  it("refuses bad email settings without repeating a password", () => {
    expect(() => loadConfig({ SHOP_EMAIL: "owner" })).toThrow(/SHOP_EMAIL/);
    expect(() => loadConfig({ MAIL_FROM: "a@shop.example, b@shop.example" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: "Herbo Shilajit" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    let message = "";
    try {
      loadConfig({ SMTP_URL: "http://user:hunter2@mail.example.com" });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/SMTP_URL/);
    expect(message).not.toContain("hunter2");
  });

  it("reads the first owner from ADMIN_EMAIL and ADMIN_PASSWORD, and refuses a malformed address", () => {
    expect(loadConfig({}).firstOwner).toEqual({ email: undefined, password: undefined });
    expect(loadConfig({ ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "a long passphrase" }).firstOwner).toEqual({
      email: "owner@shop.example",
      password: "a long passphrase",
    });
    expect(() => loadConfig({ ADMIN_EMAIL: "owner" })).toThrow(/ADMIN_EMAIL/);
  });

  it("never puts the password into its error messages", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "owner", ADMIN_PASSWORD: "hunter2-secret-words" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });
});

describe("payment settings", () => {
  const stripeKeys = { STRIPE_SECRET_KEY: "sk_test_51Secret0000", STRIPE_WEBHOOK_SECRET: "whsec_signing0000" };

  it("offers the sandbox card and cash on delivery with no keys at all", () => {
    const config = loadConfig({});
    expect(config.paymentMethods).toEqual(["sandbox", "cod"]);
    expect(config.paymentSettings).toEqual({});
  });

  it("stops start-up when a named method lacks its keys, naming what is missing", () => {
    expect(() => loadConfig({ PAYMENT_METHODS: "stripe,cod", STRIPE_SECRET_KEY: "sk_test_51Secret0000" })).toThrow(
      'PAYMENT_METHODS: "stripe" needs STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ PAYMENT_METHODS: "khalti" })).toThrow('"khalti" needs KHALTI_SECRET_KEY');
    expect(() => loadConfig({ PAYMENT_METHODS: "esewa", ESEWA_SECRET_KEY: "secret-key" })).toThrow(
      '"esewa" needs ESEWA_PRODUCT_CODE',
    );
    expect(() => loadConfig({ PAYMENT_METHODS: "paypal" })).toThrow(/PAYMENT_METHODS/);
  });

  it("reads Cybersource's profile, keys, currencies and REST credentials, with the test endpoints by default", () => {
    const base = {
      PAYMENT_METHODS: "cybersource",
      CYBERSOURCE_PROFILE_ID: "0FFEAB12-3C4D",
      CYBERSOURCE_ACCESS_KEY: "a1b2c3d4e5f60718",
      CYBERSOURCE_SECRET_KEY: "secret-key-0123456789",
    };
    expect(() => loadConfig({ PAYMENT_METHODS: "cybersource", CYBERSOURCE_PROFILE_ID: "P1" })).toThrow(
      '"cybersource" needs CYBERSOURCE_ACCESS_KEY and CYBERSOURCE_SECRET_KEY',
    );
    expect(loadConfig(base).paymentSettings.cybersource).toEqual({
      displayName: undefined,
      profileId: "0FFEAB12-3C4D",
      key: { accessKey: "a1b2c3d4e5f60718", secretKey: "secret-key-0123456789" },
      previousKey: undefined,
      payUrl: "https://testsecureacceptance.cybersource.com/pay",
      currencies: ["USD", "NPR"],
      rest: undefined,
    });
    const full = loadConfig({
      ...base,
      CYBERSOURCE_URL: "https://secureacceptance.cybersource.com/pay",
      CYBERSOURCE_DISPLAY_NAME: "NIC Asia Bank",
      CYBERSOURCE_CURRENCIES: " usd ,npr,",
      CYBERSOURCE_PREVIOUS_ACCESS_KEY: "0f1e2d3c4b5a6978",
      CYBERSOURCE_PREVIOUS_SECRET_KEY: "old-secret-key-0123456789",
      CYBERSOURCE_MERCHANT_ID: "herbo_np",
      CYBERSOURCE_REST_KEY_ID: "08c94330-f618-42a3-b09d-e1e43be5efda",
      CYBERSOURCE_REST_SECRET: "c2hhcmVkIHNlY3JldCBieXRlcyE=",
    }).paymentSettings.cybersource;
    expect(full).toMatchObject({
      displayName: "NIC Asia Bank",
      previousKey: { accessKey: "0f1e2d3c4b5a6978", secretKey: "old-secret-key-0123456789" },
      payUrl: "https://secureacceptance.cybersource.com/pay",
      currencies: ["USD", "NPR"],
      rest: {
        merchantId: "herbo_np",
        keyId: "08c94330-f618-42a3-b09d-e1e43be5efda",
        sharedSecret: "c2hhcmVkIHNlY3JldCBieXRlcyE=",
        apiUrl: "https://apitest.cybersource.com",
      },
    });
    expect(() => loadConfig({ ...base, CYBERSOURCE_CURRENCIES: "dollars" })).toThrow(/CYBERSOURCE_CURRENCIES/);
    expect(() => loadConfig({ ...base, CYBERSOURCE_REST_SECRET: "not base64!" })).toThrow(/CYBERSOURCE_REST_SECRET/);
  });

  it("reads each provider's keys and API origin, with the providers' own origins by default", () => {
    const config = loadConfig({
      PAYMENT_METHODS: "stripe,khalti,esewa,cod",
      ...stripeKeys,
      STRIPE_API_URL: "http://127.0.0.1:12111",
      KHALTI_SECRET_KEY: "live_secret_key_0000",
      ESEWA_PRODUCT_CODE: "EPAYTEST",
      ESEWA_SECRET_KEY: "8gBm/:&EnhH.1/q",
    });
    expect(config.paymentMethods).toEqual(["stripe", "khalti", "esewa", "cod"]);
    expect(config.paymentSettings).toEqual({
      stripe: {
        secretKey: "sk_test_51Secret0000",
        webhookSecret: "whsec_signing0000",
        apiUrl: "http://127.0.0.1:12111",
      },
      khalti: { secretKey: "live_secret_key_0000", apiUrl: "https://khalti.com" },
      esewa: { productCode: "EPAYTEST", secretKey: "8gBm/:&EnhH.1/q", apiUrl: "https://epay.esewa.com.np" },
    });
  });

  it("refuses a malformed key without repeating it", () => {
    let message = "";
    try {
      loadConfig({
        PAYMENT_METHODS: "stripe",
        STRIPE_SECRET_KEY: "pk_live_publishable123",
        STRIPE_WEBHOOK_SECRET: "whsec_x0000000",
      });
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    expect(message).not.toContain("pk_live_publishable123");
  });
});
