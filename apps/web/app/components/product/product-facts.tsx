import { ServerDrawn } from "~/components/layout/server-drawn";
import { writtenDate } from "~/lib/written-date";
import type { ProductBatch, ProductFacts } from "~/lib/store-api/types";

/**
 * The supplement-facts panel, ingredients and warnings as the owner wrote them (docs/storefront.md#product-page).
 * Every text is the owner's plain text and React escapes it; nothing here is read as HTML. It answers no taps,
 * so the page keeps the server's drawing of it instead of hydrating it (docs/decisions/032-footer-kept-as-drawn.md).
 */
export function SupplementFacts({ facts }: { facts: ProductFacts }) {
  const notEstablished = facts.amounts.some((row) => row.dailyValue?.includes("†") === true);
  return (
    <ServerDrawn
      as="section"
      id="product-facts"
      labelledBy="supplement-facts"
      className="border-t border-line pt-5"
      testId="supplement-facts"
      drawnFrom={facts}
    >
      <h2 id="supplement-facts" className="text-lg font-semibold">
        Supplement Facts
      </h2>
      <div className="mt-3 max-w-md border-2 border-resin p-3 text-sm">
        <p>Serving size: {facts.servingSize}</p>
        {facts.servingsPerContainer === null ? null : <p>Servings per container: {facts.servingsPerContainer}</p>}
        {facts.amounts.length === 0 ? null : (
          <table className="mt-2 w-full border-t-4 border-resin">
            <thead>
              <tr className="border-b border-resin text-left">
                <th scope="col" className="py-1 font-semibold">
                  Per serving
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  % Daily Value
                </th>
              </tr>
            </thead>
            <tbody>
              {facts.amounts.map((row, index) => (
                <tr key={index} className="border-b border-line">
                  <th scope="row" className="py-1 text-left font-normal">
                    {row.name}
                  </th>
                  <td className="py-1">{row.amount}</td>
                  <td className="py-1 text-right">{row.dailyValue ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {notEstablished ? <p className="mt-2 text-xs">† Daily Value not established.</p> : null}
      </div>
      {facts.ingredients === null ? null : (
        <p className="mt-3 text-sm whitespace-pre-line">
          <span className="font-semibold">Ingredients: </span>
          {facts.ingredients}
        </p>
      )}
      {facts.warnings.length === 0 ? null : (
        <div className="mt-3 text-sm">
          <h3 className="font-semibold">Warnings</h3>
          <ul className="mt-1 list-disc pl-5">
            {facts.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </ServerDrawn>
  );
}

/**
 * The batch on sale now and its lab certificate, which opens as a PDF from the store's own media. Kept as the
 * server drew it, like the facts above it: its one link is an ordinary link to the PDF.
 */
export function BatchCertificate({ batch }: { batch: ProductBatch }) {
  return (
    <ServerDrawn
      as="section"
      id="product-batch"
      labelledBy="lab-certificate"
      className="border-t border-line pt-5"
      testId="batch-certificate"
      drawnFrom={batch}
    >
      <h2 id="lab-certificate" className="text-lg font-semibold">
        Lab certificate
      </h2>
      <p className="mt-2 text-sm">
        Current batch: lot {batch.lot}
        {batch.testedOn === null ? "" : `, tested ${writtenDate(batch.testedOn)}`}.
      </p>
      {batch.certificateUrl === null ? null : (
        <p className="mt-1 text-sm">
          <a
            href={batch.certificateUrl}
            className="font-semibold text-gold-dark underline underline-offset-2 hover:text-resin"
            data-testid="certificate-link"
          >
            The lab&apos;s certificate for lot {batch.lot} (PDF)
          </a>
        </p>
      )}
    </ServerDrawn>
  );
}
