import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "react-router";
import { site } from "~/content/site";
import { useShoppingMarket } from "~/lib/last-market";
import { Icon } from "../ui/icon";
import { marketNavLinks } from "./nav-links";

interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onViewCart(): void;
}

/** A full-screen menu sliding in from the right in 0.4 s; links and View Cart close it (docs/storefront.md#header). */
export default function MobileMenu({ open, onOpenChange, onViewCart }: MobileMenuProps) {
  const links = marketNavLinks(useShoppingMarket());
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className="slide-panel fixed inset-0 z-50 flex flex-col bg-cream"
          aria-describedby={undefined}
          data-testid="mobile-menu"
        >
          <div className="container-page flex h-16 items-center justify-between">
            <Dialog.Title className="font-display text-xl font-bold">{site.brand}</Dialog.Title>
            <Dialog.Close className="rounded-full p-2.5 hover:bg-sand" aria-label="Close menu">
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="container-page mt-6">
            <ul className="flex flex-col gap-2">
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={() => onOpenChange(false)}
                    className="block rounded-xl px-4 py-4 font-display text-2xl font-bold hover:bg-sand"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <button type="button" onClick={onViewCart} className="button-primary mt-8 w-full">
              <Icon name="cart" size={20} />
              View Cart
            </button>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
