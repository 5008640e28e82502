// The two validator packages ship JavaScript without type declarations; these are the parts the tests use.
declare module "@marbec/web-auto-extractor" {
  export interface ExtractedData {
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, Record<string, unknown>[]>;
    rdfa: Record<string, Record<string, unknown>[]>;
    errors: { format: string; message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedData;
  }
}

declare module "@adobe/structured-data-validator" {
  import type { ExtractedData } from "@marbec/web-auto-extractor";
  export interface ValidationIssue {
    rootType: string;
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    fieldNames?: string[];
    path?: unknown;
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
