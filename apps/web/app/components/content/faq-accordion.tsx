import * as Accordion from "@radix-ui/react-accordion";
import type { FaqItem } from "~/content/types";
import { Icon } from "../ui/icon";

/** One answer open at a time, and the open one can be closed again (docs/storefront.md#nepal-page). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-line rounded-2xl border border-line bg-white">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left font-sans text-lg font-semibold hover:text-gold-dark">
                {item.question}
                <Icon
                  name="chevron-right"
                  className="shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-90"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-6 pb-5 text-bark">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
