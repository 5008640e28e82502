import { esewaSignature, isEsewaSignatureValid } from "../../src/payments/esewa-signature.ts";
import { randomId, startHttpFake, type FakeAnswer } from "./http-fake.ts";

/**
 * A local eSewa ePay v2, after developer.esewa.com.np/pages/Epay-V2: the payment form at
 * /api/epay/main/v2/form refuses a payload whose signature is wrong (ES104), the success redirect
 * carries base64 JSON signed over its signed_field_names, and the status check at
 * /api/epay/transaction/status/ answers {product_code, transaction_uuid, total_amount, status, ref_id}.
 */
export interface FakeEsewaPayment {
  transactionUuid: string;
  totalAmount: string;
  status: string;
  refId: string | null;
  successUrl: string;
}

export interface EsewaFake {
  url: string;
  productCode: string;
  secretKey: string;
  payments: Map<string, FakeEsewaPayment>;
  statusChecks: string[];
  /** Forms posted to the payment page, with whether their signature held. */
  forms: { fields: Record<string, string>; signatureValid: boolean }[];
  /** The shopper pays: status COMPLETE with a reference. */
  complete(transactionUuid: string): FakeEsewaPayment;
  /** The `data` eSewa appends to success_url: base64 JSON, signed (with another key when given). */
  successData(transactionUuid: string, overrides?: Record<string, string>, key?: string): string;
  close(): Promise<void>;
}

export async function startEsewaFake(options: { productCode?: string; secretKey?: string } = {}): Promise<EsewaFake> {
  const productCode = options.productCode ?? "EPAYTEST";
  const secretKey = options.secretKey ?? "8gBm/:&EnhH.1/q";
  const payments = new Map<string, FakeEsewaPayment>();
  const statusChecks: string[] = [];
  const forms: EsewaFake["forms"] = [];

  const fake = await startHttpFake((request): FakeAnswer => {
    if (request.method === "POST" && request.path === "/api/epay/main/v2/form") {
      const fields = Object.fromEntries(new URLSearchParams(request.body));
      const signatureValid = isEsewaSignatureValid(
        fields,
        fields.signed_field_names ?? "",
        fields.signature ?? "",
        secretKey,
      );
      forms.push({ fields, signatureValid });
      if (!signatureValid || fields.product_code !== productCode) {
        return { status: 400, json: { code: "ES104", message: "Invalid payload signature." } };
      }
      const transactionUuid = fields.transaction_uuid ?? "";
      payments.set(transactionUuid, {
        transactionUuid,
        totalAmount: fields.total_amount ?? "",
        status: "PENDING",
        refId: null,
        successUrl: fields.success_url ?? "",
      });
      return { status: 200, html: "<!doctype html><title>eSewa</title><h1>Log in to eSewa</h1>" };
    }
    if (request.method === "GET" && request.path === "/api/epay/transaction/status/") {
      const transactionUuid = request.query.get("transaction_uuid") ?? "";
      statusChecks.push(transactionUuid);
      const payment = payments.get(transactionUuid);
      const answeredAmount = request.query.get("total_amount") ?? "";
      if (
        payment === undefined ||
        request.query.get("product_code") !== productCode ||
        Number(answeredAmount) !== Number(payment.totalAmount)
      ) {
        return {
          status: 200,
          json: {
            product_code: productCode,
            transaction_uuid: transactionUuid,
            total_amount: Number(answeredAmount),
            status: "NOT_FOUND",
            ref_id: null,
          },
        };
      }
      return {
        status: 200,
        json: {
          product_code: productCode,
          transaction_uuid: transactionUuid,
          total_amount: Number(payment.totalAmount),
          status: payment.status,
          ref_id: payment.refId,
        },
      };
    }
    return { status: 404, json: { code: 0, error_message: "Not found" } };
  });

  return {
    url: fake.url,
    productCode,
    secretKey,
    payments,
    statusChecks,
    forms,
    complete(transactionUuid) {
      const payment = payments.get(transactionUuid);
      if (payment === undefined) throw new Error(`No fake eSewa payment ${transactionUuid}`);
      payment.status = "COMPLETE";
      payment.refId = randomId("000");
      return payment;
    },
    successData(transactionUuid, overrides = {}, key = secretKey) {
      const payment = payments.get(transactionUuid);
      const fields: Record<string, string> = {
        transaction_code: payment?.refId ?? "000AWEO",
        status: "COMPLETE",
        total_amount: payment?.totalAmount ?? "0",
        transaction_uuid: transactionUuid,
        product_code: productCode,
        signed_field_names: "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
        ...overrides,
      };
      const signature = esewaSignature(fields, fields.signed_field_names ?? "", key);
      return Buffer.from(JSON.stringify({ ...fields, signature })).toString("base64");
    },
    close: fake.close,
  };
}
