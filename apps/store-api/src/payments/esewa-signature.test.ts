import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { esewaSignature, isEsewaSignatureValid, readSignedAnswer } from "./esewa-signature.ts";

// eSewa's public UAT key. Its developer page prints the message format below; the result it prints does
// not match any spelling of the key, so the expected value is computed here from the documented message.
const testKey = "8gBm/:&EnhH.1/q";
const documentedMessage = "total_amount=100,transaction_uuid=11-201-13,product_code=EPAYTEST";
const documentedSignature = createHmac("sha256", testKey).update(documentedMessage).digest("base64");

describe("eSewa signatures", () => {
  it("signs the named fields in the order they are named", () => {
    const fields = { total_amount: "100", transaction_uuid: "11-201-13", product_code: "EPAYTEST" };
    expect(esewaSignature(fields, "total_amount,transaction_uuid,product_code", testKey)).toBe(documentedSignature);
    expect(esewaSignature(fields, "transaction_uuid,total_amount,product_code", testKey)).not.toBe(documentedSignature);
  });

  it("refuses a changed field, a changed signature and another key", () => {
    const fields = { total_amount: "650.0", transaction_uuid: "abc", product_code: "EPAYTEST", status: "COMPLETE" };
    const names = "total_amount,transaction_uuid,product_code,status";
    const signature = esewaSignature(fields, names, testKey);
    expect(isEsewaSignatureValid(fields, names, signature, testKey)).toBe(true);
    expect(isEsewaSignatureValid({ ...fields, total_amount: "6.5" }, names, signature, testKey)).toBe(false);
    expect(isEsewaSignatureValid(fields, names, `${signature.slice(0, -2)}A=`, testKey)).toBe(false);
    expect(isEsewaSignatureValid(fields, names, signature, "another key")).toBe(false);
    expect(isEsewaSignatureValid(fields, names, "", testKey)).toBe(false);
  });
});

describe("a signed field that is missing", () => {
  it("is signed as empty, as eSewa does, so leaving it out cannot forge a signature", () => {
    expect(esewaSignature({ a: "1" }, "a,b", "secret")).toBe(esewaSignature({ a: "1", b: "" }, "a,b", "secret"));
    expect(esewaSignature({ a: "1" }, "a,b", "secret")).not.toBe(esewaSignature({ a: "1", b: "2" }, "a,b", "secret"));
  });
});

describe("readSignedAnswer", () => {
  it("keeps numbers as written, so their signature can be checked", () => {
    expect(
      readSignedAnswer(
        '{"status":"COMPLETE","total_amount":1000.0,"transaction_uuid":"a-1","ok":true,"code":"\\"q\\""}',
      ),
    ).toEqual({ status: "COMPLETE", total_amount: "1000.0", transaction_uuid: "a-1", ok: "true", code: '"q"' });
  });
  it("refuses what is not a JSON object", () => {
    expect(readSignedAnswer("[1]")).toBeUndefined();
    expect(readSignedAnswer("not json")).toBeUndefined();
    expect(readSignedAnswer('"text"')).toBeUndefined();
    expect(readSignedAnswer("null")).toBeUndefined();
  });
});
